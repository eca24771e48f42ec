import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/index.ts';
import type { TokenVerifier } from './types.ts';

/** The channel on which a process tells the others to forget a user's remembered tokens. */
const FORGET_USER_CHANNEL = 'verifier_forget_user';

/**
 * The verifier with `forgetUser` heard by every process on the database (decision 0055): the process
 * that signs a user out, revokes a token or disables an account forgets at once and notifies the
 * channel; each other process forgets on the notification (milliseconds later) instead of serving its
 * remembered user for up to VERIFIED_TOKEN_TTL_MS. Callers call forgetUser after their unit of work
 * committed, so a process that hears it reads the committed state.
 */
export async function forgettingEverywhere(
  verifier: TokenVerifier,
  database: Pick<Database, 'listen' | 'notify'>,
  log: FastifyBaseLogger,
): Promise<{ verifier: TokenVerifier; close(): Promise<void> }> {
  const stop = await database.listen(FORGET_USER_CHANNEL, {
    notification: (userId) => verifier.forgetUser(userId),
  });
  return {
    verifier: {
      verify: (token) => verifier.verify(token),
      forgetUser(userId) {
        verifier.forgetUser(userId);
        database.notify(FORGET_USER_CHANNEL, userId).catch((error: unknown) => {
          // The others then refuse the user within VERIFIED_TOKEN_TTL_MS, as before.
          log.error({ err: error }, 'could not tell the other processes to forget a user');
        });
      },
    },
    close: stop,
  };
}
