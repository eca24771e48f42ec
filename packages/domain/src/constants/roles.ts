/** Role strings of partners_profile.role (spec section 6), with `{product}` = PORTICO. */
export const ROLES = {
  SUPER_ADMIN_PORTICO: 'SUPER_ADMIN_PORTICO',
  MARKETING_ADMIN: 'MARKETING_ADMIN',
  ADMIN_PORTICO_READONLY: 'ADMIN_PORTICO_READONLY',
  ADMIN_PORTICO_READWRITE: 'ADMIN_PORTICO_READWRITE',
  ADMIN_BILLING: 'ADMIN_BILLING',
  USER_BILLING: 'USER_BILLING',
  MANAGER_BILLING: 'MANAGER_BILLING',
  DEVELOPER: 'DEVELOPER',
  CHILD_AGGREGATOR_READONLY: 'CHILD_AGGREGATOR_READONLY',
  CHILD_AGGREGATOR_READWRITE: 'CHILD_AGGREGATOR_READWRITE',
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

export const ALL_ROLES = Object.values(ROLES) as Role[];

/** Platform (provider) admin roles. */
export const PLATFORM_ADMIN_ROLES = [
  ROLES.SUPER_ADMIN_PORTICO,
  ROLES.MARKETING_ADMIN,
  ROLES.ADMIN_PORTICO_READONLY,
  ROLES.ADMIN_PORTICO_READWRITE,
] as const;
/** Carrier (billing) roles. */
export const BILLING_ROLES = [ROLES.ADMIN_BILLING, ROLES.USER_BILLING, ROLES.MANAGER_BILLING] as const;
/** Developer-side roles. A developer account may also have no role at all. */
export const DEVELOPER_ROLES = [
  ROLES.DEVELOPER,
  ROLES.CHILD_AGGREGATOR_READONLY,
  ROLES.CHILD_AGGREGATOR_READWRITE,
] as const;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ALL_ROLES as string[]).includes(value);
}
