import { z } from 'zod';

export const ZCarrierRef = z.object({
  carrier_id: z.number().int(),
  carrier_name: z.string(),
  country_id: z.string(),
});
export type TCarrierRef = z.infer<typeof ZCarrierRef>;

export const ZAddress = z
  .object({
    line1: z.string().optional(),
    line2: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    postalCode: z.string().optional(),
    countryId: z.string().optional(),
  })
  .nullable();

export const ZCompany = z
  .object({
    name: z.string().optional(),
    website: z.string().optional(),
    industryTypeId: z.number().int().optional(),
    registrationNumber: z.string().optional(),
    countryId: z.string().optional(),
  })
  .nullable();

export const ZPartnersProfile = z.object({
  role: z.string().nullable(),
  isAggregator: z.boolean(),
  isCarrier: z.boolean(),
  partner_id: z.string(),
  carrierId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  launchApproved: z.boolean(),
  hasEwallet: z.boolean(),
  approvalStatus: z.number().int().nullable(),
});
export type TPartnersProfile = z.infer<typeof ZPartnersProfile>;

/** Data of GET partner details (spec section 3). */
export const ZPartnerDetails = z.object({
  partners_profile: ZPartnersProfile,
  admin_carrier_list: z.array(ZCarrierRef),
  address: ZAddress,
  company: ZCompany,
  profile_image: z.string().nullable(),
  profile_completed: z.number().int().min(0).max(100),
  carrier_name: z.string().nullable(),
  email: z.string(),
});
export type TPartnerDetails = z.infer<typeof ZPartnerDetails>;

/** Public runtime configuration the web app needs before sign-in (brand, identity provider, external links). */
export const ZAppConfig = z.object({
  brandName: z.string(),
  productCode: z.string(),
  oidc: z.object({ issuer: z.string(), clientId: z.string(), scope: z.string(), resource: z.string() }),
  /** The external tools' URLs; null when not configured (the menu then leaves the tool out). */
  links: z.object({ analyticsDashboard: z.string().nullable(), firewallTool: z.string().nullable() }),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

/** An encoded reference token carried by the external analytics and firewall links. */
export const ZReferenceToken = z.object({ token: z.string(), expiresAt: z.number().int() });
export type TReferenceToken = z.infer<typeof ZReferenceToken>;
