import { PROVIDER_APPROVED_STATUS, ROLES, type Role } from '@portico/domain';

/**
 * The demo organisations and one account per role (issue 2 item 11). Plain data with no I/O so the
 * browser journeys and the README use the very list the seed writes.
 */
export const DEMO_PASSWORD = 'Portico!Demo2026';

export type DemoPartnerKey = 'platform' | 'carrier' | 'developer' | 'aggregatorPending' | 'aggregator';

export interface DemoPartner {
  partnerId: string;
  kind: 'platform' | 'carrier' | 'developer';
  isAggregator: boolean;
  launchApproved: boolean;
  approvalStatus: number | null;
  hasEwallet: boolean;
  /** The carrier a carrier partner operates, by country and name (resolved to carrier_id at seed time). */
  carrier?: { countryId: string; name: string };
  company: {
    name: string;
    website?: string;
    /** Code of an industry type (resolved to its id at seed time). */
    industryTypeCode?: string;
    registrationNumber?: string;
    countryId?: string;
  };
  address: {
    line1?: string;
    line2?: string;
    city?: string;
    state?: string;
    postalCode?: string;
    countryId?: string;
  } | null;
  profileImage: string | null;
}

/** A small initials avatar as a data: URI (the CSP allows data: images), until file storage lands. */
function avatar(initials: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="48" fill="${colour}"/><text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

export const DEMO_PARTNERS: Record<DemoPartnerKey, DemoPartner> = {
  platform: {
    partnerId: id(1),
    kind: 'platform',
    isAggregator: false,
    launchApproved: true,
    approvalStatus: null,
    hasEwallet: false,
    company: {
      name: 'Portico Platform',
      website: 'https://portico.test',
      industryTypeCode: 'TELECOMMUNICATIONS',
      countryId: 'IN',
    },
    address: {
      line1: '12 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560025',
      countryId: 'IN',
    },
    profileImage: avatar('P', '#5956D6'),
  },
  carrier: {
    partnerId: id(2),
    kind: 'carrier',
    isAggregator: false,
    launchApproved: true,
    approvalStatus: null,
    hasEwallet: false,
    carrier: { countryId: 'IN', name: 'Reliance Jio' },
    company: {
      name: 'Reliance Jio Infocomm Ltd',
      website: 'https://www.jio.com',
      industryTypeCode: 'TELECOMMUNICATIONS',
      countryId: 'IN',
    },
    address: {
      line1: 'Reliance Corporate Park, Thane-Belapur Road',
      city: 'Navi Mumbai',
      state: 'Maharashtra',
      postalCode: '400701',
      countryId: 'IN',
    },
    profileImage: null,
  },
  developer: {
    partnerId: id(3),
    kind: 'developer',
    isAggregator: false,
    launchApproved: false,
    approvalStatus: null,
    hasEwallet: true,
    company: {
      name: 'Chai & Code Studio',
      website: 'https://chaiandcode.example',
      industryTypeCode: 'INFORMATION_TECHNOLOGY_SOFTWARE',
      registrationNumber: 'U72900KA2021PTC145678',
      countryId: 'IN',
    },
    address: {
      line1: '44 Koramangala 4th Block',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560034',
      countryId: 'IN',
    },
    profileImage: null,
  },
  aggregatorPending: {
    partnerId: id(4),
    kind: 'developer',
    isAggregator: true,
    launchApproved: false,
    approvalStatus: null,
    hasEwallet: true,
    company: {
      name: 'Nimbus Messaging Pvt Ltd',
      website: 'https://nimbus-messaging.example',
      countryId: 'IN',
    },
    address: { line1: '7 Cyber City, DLF Phase 2', city: 'Gurugram', state: 'Haryana', countryId: 'IN' },
    profileImage: null,
  },
  aggregator: {
    partnerId: id(5),
    kind: 'developer',
    isAggregator: true,
    launchApproved: true,
    approvalStatus: PROVIDER_APPROVED_STATUS,
    hasEwallet: true,
    company: {
      name: 'Orbit Reach Communications',
      website: 'https://orbitreach.example',
      industryTypeCode: 'ADVERTISING_MARKETING',
      registrationNumber: 'U64200MH2019PTC332211',
      countryId: 'IN',
    },
    address: {
      line1: '5th Floor, Peninsula Business Park',
      line2: 'Lower Parel',
      city: 'Mumbai',
      state: 'Maharashtra',
      postalCode: '400013',
      countryId: 'IN',
    },
    profileImage: avatar('OR', '#FF3964'),
  },
};

export interface DemoAccount {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  partner: DemoPartnerKey;
  /** What the account shows off, for the README and test titles. */
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'developer@portico.test',
    role: ROLES.DEVELOPER,
    firstName: 'Dev',
    lastName: 'Sharma',
    partner: 'developer',
    description: 'a developer, not an aggregator, with a wallet',
  },
  {
    email: 'aggregator-pending@portico.test',
    role: ROLES.DEVELOPER,
    firstName: 'Neha',
    lastName: 'Kapoor',
    partner: 'aggregatorPending',
    description: 'an aggregator whose launch is not yet approved',
  },
  {
    email: 'aggregator@portico.test',
    role: ROLES.DEVELOPER,
    firstName: 'Arjun',
    lastName: 'Mehta',
    partner: 'aggregator',
    description: 'an approved aggregator',
  },
  {
    email: 'child-readonly@portico.test',
    role: ROLES.CHILD_AGGREGATOR_READONLY,
    firstName: 'Riya',
    lastName: 'Iyer',
    partner: 'aggregator',
    description: "a read-only user of the approved aggregator's organisation",
  },
  {
    email: 'child-readwrite@portico.test',
    role: ROLES.CHILD_AGGREGATOR_READWRITE,
    firstName: 'Kabir',
    lastName: 'Singh',
    partner: 'aggregator',
    description: "a read-write user of the approved aggregator's organisation",
  },
  {
    email: 'carrier-admin@portico.test',
    role: ROLES.ADMIN_BILLING,
    firstName: 'Priya',
    lastName: 'Nair',
    partner: 'carrier',
    description: 'carrier billing admin (manages users) at Reliance Jio',
  },
  {
    email: 'carrier-user@portico.test',
    role: ROLES.USER_BILLING,
    firstName: 'Vikram',
    lastName: 'Rao',
    partner: 'carrier',
    description: 'carrier billing user at Reliance Jio',
  },
  {
    email: 'carrier-manager@portico.test',
    role: ROLES.MANAGER_BILLING,
    firstName: 'Meera',
    lastName: 'Joshi',
    partner: 'carrier',
    description: 'carrier billing manager at Reliance Jio',
  },
  {
    email: 'superadmin@portico.test',
    role: ROLES.SUPER_ADMIN_PORTICO,
    firstName: 'Sam',
    lastName: 'Fernandes',
    partner: 'platform',
    description: 'platform super admin (manages users)',
  },
  {
    email: 'admin-readonly@portico.test',
    role: ROLES.ADMIN_PORTICO_READONLY,
    firstName: 'Anita',
    lastName: 'Desai',
    partner: 'platform',
    description: 'platform read-only admin',
  },
  {
    email: 'admin-readwrite@portico.test',
    role: ROLES.ADMIN_PORTICO_READWRITE,
    firstName: 'Rahul',
    lastName: 'Verma',
    partner: 'platform',
    description: 'platform read-write admin',
  },
  {
    email: 'marketing@portico.test',
    role: ROLES.MARKETING_ADMIN,
    firstName: 'Maya',
    lastName: 'Pillai',
    partner: 'platform',
    description: 'marketing admin (bare header)',
  },
];
