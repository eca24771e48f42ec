import type { ApprovalRecord } from '@portico/domain';
import { eq } from 'drizzle-orm';
import { partners } from '../db/core.schema.ts';
import type { Db } from '../db/index.ts';

/** The partner's approval record (the approved-partner rule of spec section 4), read by the secure scope. */
export type ApprovalLookup = (partnerId: string) => Promise<ApprovalRecord | undefined>;

export function createApprovalLookup(db: Db): ApprovalLookup {
  return async (partnerId) => {
    const [row] = await db
      .select({
        isAggregator: partners.isAggregator,
        launchApproved: partners.launchApproved,
        approvalStatus: partners.approvalStatus,
      })
      .from(partners)
      .where(eq(partners.partnerId, partnerId));
    return row;
  };
}
