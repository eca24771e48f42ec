/** How each role of partners_profile.role reads on the accounts screens (users list, security records). */
const ROLE_LABELS: Readonly<Record<string, string>> = {
  CHILD_AGGREGATOR_READONLY: 'Read-only',
  CHILD_AGGREGATOR_READWRITE: 'Read and write',
  USER_BILLING: 'Billing user',
  MANAGER_BILLING: 'Billing manager',
  ADMIN_BILLING: 'Billing admin',
  ADMIN_PORTICO_READONLY: 'Admin (read-only)',
  ADMIN_PORTICO_READWRITE: 'Admin (read and write)',
  MARKETING_ADMIN: 'Marketing admin',
  SUPER_ADMIN_PORTICO: 'Super admin',
  DEVELOPER: 'Developer',
};

/** A role's label; no role is the developer partner's own account. Unknown roles show as they are. */
export const roleLabel = (role: string | null) => (role ? (ROLE_LABELS[role] ?? role) : 'Account owner');
