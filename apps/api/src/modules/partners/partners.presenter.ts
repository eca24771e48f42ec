import { type TCarrierRef, type TPartnerDetails, ZAddress, ZCompany } from '@portico/domain';
import { profileCompletion } from '@portico/domain/rules/profile';
import type { ProfileRow } from './partners.repository.ts';

/** Shapes a stored profile as the spec's partner details response (section 3). */
export function presentPartnerDetails(row: ProfileRow, carrierList: TCarrierRef[]): TPartnerDetails {
  const address = ZAddress.safeParse(row.address ?? null).data ?? null;
  const company = ZCompany.safeParse(row.company ?? null).data ?? null;
  const isCarrier = row.kind === 'carrier';
  return {
    partners_profile: {
      role: row.role,
      isAggregator: row.isAggregator,
      isCarrier,
      partner_id: row.partnerId,
      carrierId: row.carrierId,
      firstName: row.firstName,
      lastName: row.lastName,
      launchApproved: row.launchApproved,
      hasEwallet: row.hasEwallet,
      approvalStatus: row.approvalStatus,
    },
    admin_carrier_list: carrierList,
    address,
    company,
    profile_image: row.profileImage,
    profile_completed: profileCompletion({
      firstName: row.firstName,
      lastName: row.lastName,
      companyName: company?.name,
      website: company?.website,
      industryTypeId: company?.industryTypeId,
      addressLine1: address?.line1,
      city: address?.city,
      postalCode: address?.postalCode,
      countryId: address?.countryId,
      profileImage: row.profileImage,
    }),
    carrier_name: isCarrier ? (row.carrierName ?? null) : null,
    email: row.email,
  };
}
