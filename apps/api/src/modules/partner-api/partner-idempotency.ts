import { createHash } from 'node:crypto';
import { PARTNER_IDEMPOTENCY_IN_FLIGHT_SECONDS, PARTNER_IDEMPOTENCY_KEY_TTL_HOURS } from '@portico/domain';
import type { PartnerApiRepository } from './partner-api.repository.ts';

/** An HTTP answer as the route sends it. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** What a request with an Idempotency-Key does: run, answer again, or be refused. */
export type IdempotentStart =
  | { run: true }
  | { run: false; replay: StoredAnswer }
  | { run: false; refusal: 'in_flight' | 'other_request' };

const TTL_SECONDS = PARTNER_IDEMPOTENCY_KEY_TTL_HOURS * 3600;

/** The request a key was first used with: the sender in the path and the body as sent. */
export function requestHash(sender: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([sender, body]))
    .digest('hex');
}

/**
 * Idempotency-Key replay for the WhatsApp shape (decision 0026 addendum): the first request with a
 * key takes it (one statement, so two at once cannot both run); its answer is kept and given again
 * to a retry with the same request; a retry while it runs is refused as in flight, and the key with
 * another request as a mismatch. Keys live PARTNER_IDEMPOTENCY_KEY_TTL_HOURS.
 */
export function createPartnerIdempotency(
  repository: Pick<
    PartnerApiRepository,
    | 'claimIdempotencyKey'
    | 'idempotencyKey'
    | 'answerIdempotencyKey'
    | 'releaseIdempotencyKey'
    | 'deleteExpiredIdempotencyKeys'
  >,
) {
  return {
    async start(botId: string, key: string, hash: string): Promise<IdempotentStart> {
      // A key released between the claim and the read is claimed again (at most twice).
      for (let attempt = 0; attempt < 2; attempt += 1) {
        if (
          await repository.claimIdempotencyKey(
            { botId, key, requestHash: hash },
            TTL_SECONDS,
            PARTNER_IDEMPOTENCY_IN_FLIGHT_SECONDS,
          )
        )
          return { run: true };
        const held = await repository.idempotencyKey(botId, key);
        if (!held) continue;
        if (held.requestHash !== hash) return { run: false, refusal: 'other_request' };
        if (held.status === null) return { run: false, refusal: 'in_flight' };
        return { run: false, replay: { status: held.status, body: held.response } };
      }
      return { run: false, refusal: 'in_flight' };
    },

    /** Keeps the answer for the key's retries. */
    finish(botId: string, key: string, answer: StoredAnswer): Promise<void> {
      return repository.answerIdempotencyKey(botId, key, answer.status, answer.body);
    },

    /** Nothing was sent (or the outcome is unknown): the key is free for a retry to run afresh. */
    release(botId: string, key: string): Promise<void> {
      return repository.releaseIdempotencyKey(botId, key);
    },

    /** The sweep: deletes expired keys (a partner-api scheduled job). */
    sweep(): Promise<number> {
      return repository.deleteExpiredIdempotencyKeys(TTL_SECONDS);
    },
  };
}
export type PartnerIdempotency = ReturnType<typeof createPartnerIdempotency>;
