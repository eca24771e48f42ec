import { asc, eq } from 'drizzle-orm';
import { carriers, partners, users } from '../../platform/db/core.schema.ts';
import type { Db } from '../../platform/db/index.ts';

export function createPartnersRepository(db: Db) {
  return {
    /** The user, their partner and (for a carrier partner) its carrier, in one query. */
    async profileOf(userId: string) {
      const [row] = await db
        .select({
          userId: users.userId,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          status: users.status,
          partnerId: partners.partnerId,
          kind: partners.kind,
          isAggregator: partners.isAggregator,
          launchApproved: partners.launchApproved,
          approvalStatus: partners.approvalStatus,
          hasEwallet: partners.hasEwallet,
          company: partners.company,
          address: partners.address,
          profileImage: partners.profileImage,
          carrierId: partners.carrierId,
          carrierName: carriers.name,
          carrierCountryId: carriers.countryId,
        })
        .from(users)
        .innerJoin(partners, eq(partners.partnerId, users.partnerId))
        .leftJoin(carriers, eq(carriers.carrierId, partners.carrierId))
        .where(eq(users.userId, userId))
        .limit(1);
      return row;
    },

    async activeCarriers() {
      return db
        .select({ carrierId: carriers.carrierId, name: carriers.name, countryId: carriers.countryId })
        .from(carriers)
        .where(eq(carriers.active, true))
        .orderBy(asc(carriers.countryId), asc(carriers.name));
    },
  };
}
export type PartnersRepository = ReturnType<typeof createPartnersRepository>;
export type ProfileRow = NonNullable<Awaited<ReturnType<PartnersRepository['profileOf']>>>;
