import { CHANNEL_TYPE } from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { NotFoundError } from '../../platform/http/errors.ts';
import type { BotRow, BotsRepository } from './bots.repository.ts';

export const NOT_FOUND = 'This bot was not found.';

/** What the bot-testing module needs of a bot: who owns it and its names on the networks. */
export interface BotForTesting {
  id: string;
  partnerId: string;
  name: string;
  /** CHANNEL_TYPE codes: 1 RCS, 2 WhatsApp. */
  channels: number[];
  /** The RBM agent's resource name (brands/x/agents/y), once registered. */
  rbmAgent: string | null;
  /** The MaaP bot id (API type GSMA), once registered. */
  maapBotId: string | null;
  /** The WhatsApp Cloud API phone number id, once registered. */
  whatsappPhoneNumberId: string | null;
}

export interface BotsServiceDeps {
  database: Database;
  repository: BotsRepository;
}

export function toBotForTesting(row: BotRow): BotForTesting {
  return {
    id: row.botId,
    partnerId: row.partnerId,
    name: row.name,
    channels: [...row.channels].sort((a, b) => a - b),
    rbmAgent: row.channels.includes(CHANNEL_TYPE.rcs) ? row.rbmAgent : null,
    maapBotId: row.channels.includes(CHANNEL_TYPE.rcs) ? row.maapBotId : null,
    whatsappPhoneNumberId: row.channels.includes(CHANNEL_TYPE.whatsapp) ? row.whatsappPhoneNumberId : null,
  };
}

/**
 * Bots: drafts, the brand and carrier steps, registration on the networks, listing and the bot
 * dashboard. Every use case runs in one unit of work; the networks are called outside of one.
 */
export function createBotsService(deps: BotsServiceDeps) {
  const { database, repository } = deps;

  return {
    /**
     * One of the caller's partner's bots as the test devices and the console need it (E's
     * bot-testing module, through `ctx.use('bots')`). Another tenant's bot, or none: 404.
     */
    async botForTesting(user: AuthenticatedUser, botId: string): Promise<BotForTesting> {
      const row = await database.transaction(() => repository.findOwn(user.partnerId, botId));
      if (!row) throw new NotFoundError(NOT_FOUND);
      return toBotForTesting(row);
    },
  };
}
export type BotsService = ReturnType<typeof createBotsService>;
