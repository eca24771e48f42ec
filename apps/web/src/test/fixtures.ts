import type { TAppConfig, TPartnerDetails, TPartnersProfile } from '@portico/domain';

export const APP_CONFIG: TAppConfig = {
  brandName: 'Portico',
  productCode: 'PORTICO',
  oidc: {
    issuer: 'http://localhost:3000/oidc',
    clientId: 'portico-web',
    scope: 'openid user_info',
    resource: 'http://localhost:3000/api',
  },
  links: {
    analyticsDashboard: 'https://analytics.example.test/dashboard',
    firewallTool: 'https://firewall.example.test/detect',
  },
};

/** Partner details as GET /secure/partner-details answers them, for one kind of account. */
export function partnerDetails(
  profile: Partial<TPartnersProfile> = {},
  extra: Partial<TPartnerDetails> = {},
): TPartnerDetails {
  return {
    partners_profile: {
      role: 'DEVELOPER',
      isAggregator: false,
      isCarrier: false,
      partner_id: 'P-1001',
      carrierId: null,
      firstName: 'Asha',
      lastName: 'Rao',
      launchApproved: false,
      hasEwallet: true,
      approvalStatus: null,
      ...profile,
    },
    admin_carrier_list: [],
    address: null,
    company: { name: 'Acme Travel' },
    profile_image: null,
    profile_completed: 60,
    carrier_name: null,
    email: 'developer@portico.test',
    ...extra,
  };
}

export const DEVELOPER = partnerDetails();
export const PENDING_AGGREGATOR = partnerDetails(
  { isAggregator: true, launchApproved: false, firstName: 'Pia' },
  { email: 'aggregator-pending@portico.test' },
);
export const CARRIER_ADMIN = partnerDetails(
  { role: 'ADMIN_BILLING', isCarrier: true, carrierId: 7, hasEwallet: false, firstName: 'Carla' },
  { email: 'carrier-admin@portico.test', carrier_name: 'Jio', profile_completed: 100 },
);
export const SUPER_ADMIN = partnerDetails(
  { role: 'SUPER_ADMIN_PORTICO', hasEwallet: false, firstName: 'Sam' },
  { email: 'superadmin@portico.test', profile_completed: 100 },
);
export const MARKETING_ADMIN = partnerDetails(
  { role: 'MARKETING_ADMIN', hasEwallet: false, firstName: 'Mia' },
  { email: 'marketing@portico.test' },
);
