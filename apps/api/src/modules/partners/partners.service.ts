import {
  isPlatformAdminRole,
  type TCarrierRef,
  type TPartnerDetails,
  type TReferenceToken,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { ReferenceTokenIssuer } from '../../platform/security/reference-token.ts';
import { presentPartnerDetails } from './partners.presenter.ts';
import type { PartnersRepository, ProfileRow } from './partners.repository.ts';

/** A user who signed up but has not set up their user details yet. */
export const PENDING_SETUP_STATUS = 'pending_setup';

export type PartnerDetailsResult = { present: true; details: TPartnerDetails } | { present: false };

export interface PartnersDeps {
  repository: PartnersRepository;
  referenceTokens: ReferenceTokenIssuer;
}

export function createPartnersService({ repository, referenceTokens }: PartnersDeps) {
  /** Carriers the user acts for: their own for a carrier, every active one for a platform admin, none for developers. */
  async function carrierListFor(row: ProfileRow): Promise<TCarrierRef[]> {
    if (row.kind === 'carrier') {
      return row.carrierId !== null && row.carrierName && row.carrierCountryId
        ? [{ carrier_id: row.carrierId, carrier_name: row.carrierName, country_id: row.carrierCountryId }]
        : [];
    }
    if (isPlatformAdminRole(row.role)) {
      const all = await repository.activeCarriers();
      return all.map((c) => ({ carrier_id: c.carrierId, carrier_name: c.name, country_id: c.countryId }));
    }
    return [];
  }

  return {
    /** The caller's own partner details; not present while their user details are not set up. */
    async partnerDetails(user: AuthenticatedUser): Promise<PartnerDetailsResult> {
      const row = await repository.profileOf(user.userId);
      if (!row || row.status === PENDING_SETUP_STATUS) return { present: false };
      return { present: true, details: presentPartnerDetails(row, await carrierListFor(row)) };
    },

    /** A short-lived signed token naming the caller and their partner, for the external tools' links. */
    referenceToken(user: AuthenticatedUser): Promise<TReferenceToken> {
      return referenceTokens.issue({ partnerId: user.partnerId, userId: user.userId });
    },
  };
}
export type PartnersService = ReturnType<typeof createPartnersService>;
