import type { TCarrierRef, TPartnerDetails } from '../contracts/partner-details.ts';
import {
  isMarketingAdminRole,
  isPlatformAdminRole,
  isProviderAdminRole,
  isReadOnlyAdminRole,
  isReadOnlyUserRole,
  isReadWriteAdminRole,
  isSuperAdminRole,
} from './roles.ts';

/** Derived user info (spec section 3), computed once from the partner details response. */
export interface UserInfo {
  carrierList: TCarrierRef[];
  isAggregator: boolean;
  isCarrier: boolean;
  isPorticoAdmin: boolean;
  isMarketingAdmin: boolean;
  isReadOnlyAdmin: boolean;
  isReadWriteAdmin: boolean;
  isSuperAdmin: boolean;
  partnerAddress: TPartnerDetails['address'];
  partnerCompanyDetails: TPartnerDetails['company'];
  partnerID: string;
  partnerProfileImage: string | null;
  profileCompleted: number;
  carrierName: string | null;
  partnerRole: string | null;
  carrierId: number | null;
  email: string;
  isReadOnlyUser: boolean;
}

export function deriveUserInfo(details: TPartnerDetails): UserInfo {
  const profile = details.partners_profile;
  const role = profile.role;
  return {
    carrierList: details.admin_carrier_list,
    isAggregator: profile.isAggregator,
    isCarrier: profile.isCarrier,
    isPorticoAdmin: isProviderAdminRole(role),
    isMarketingAdmin: isMarketingAdminRole(role),
    isReadOnlyAdmin: isReadOnlyAdminRole(role),
    isReadWriteAdmin: isReadWriteAdminRole(role),
    isSuperAdmin: isSuperAdminRole(role),
    partnerAddress: details.address,
    partnerCompanyDetails: details.company,
    partnerID: profile.partner_id,
    partnerProfileImage: details.profile_image,
    profileCompleted: details.profile_completed,
    carrierName: details.carrier_name,
    partnerRole: role,
    carrierId: profile.carrierId,
    email: details.email,
    isReadOnlyUser: isReadOnlyUserRole(role),
  };
}

/** Partner details used by navigation (spec section 3). */
export interface NavUser {
  firstName: string;
  lastName: string;
  email: string;
  role: string | null;
  isCarrier: boolean;
  isAggregator: boolean;
  launchApproved: boolean;
  hasEwallet: boolean;
  approvalStatus: number | null;
  /** A platform admin of any kind (provider roles and marketing admin). */
  isAdmin: boolean;
}

export function deriveNavUser(details: TPartnerDetails): NavUser {
  const p = details.partners_profile;
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: details.email,
    role: p.role,
    isCarrier: p.isCarrier,
    isAggregator: p.isAggregator,
    launchApproved: p.launchApproved,
    hasEwallet: p.hasEwallet,
    approvalStatus: p.approvalStatus,
    isAdmin: isPlatformAdminRole(p.role),
  };
}
