import {
  isOptOutMessage,
  normaliseMsisdn,
  type OptOutSort,
  type OptOutSource,
  type TOptOut,
  type TOptOutListQuery,
  ZOptOutListQuery,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { grouped } from '../../platform/grouped.ts';
import { BadRequestError, NotFoundError } from '../../platform/http/errors.ts';
import type { AudiencesRepository, NewOptOut, OptOutRow } from './audiences.repository.ts';

export interface OptOutsDeps {
  database: Pick<Database, 'transaction'>;
  repository: AudiencesRepository;
}

function present(row: OptOutRow): TOptOut {
  return {
    msisdn: row.msisdn,
    source: row.source as OptOutSource,
    bot_id: row.botId,
    bot_name: row.botName,
    source_detail: row.sourceDetail,
    opted_out_at: row.optedOutAt.toISOString(),
  };
}

/** A network's user address as E.164: WhatsApp's wa_id has no +, RBM and MaaP send +E.164. */
const userNumber = (sender: string | null) =>
  sender ? normaliseMsisdn(sender.startsWith('+') ? sender : `+${sender}`) : null;

/**
 * The partner's opt-out list: numbers its bots must never message. Users opt out by writing STOP or
 * UNSUBSCRIBE (or the network's unsubscribe event) to one of the partner's bots; the partner lists,
 * searches, exports, adds and removes numbers. Audience checks and the partner API's sends ask it.
 */
export function createOptOutsService({ database, repository }: OptOutsDeps) {
  const checkOptedOut = grouped(async (pairs: { partnerId: string; msisdn: string }[]) => {
    const listed = await repository.optedOutPairs(pairs);
    return pairs.map((p) => listed.has(`${p.partnerId} ${p.msisdn}`));
  });
  return {
    /**
     * Network-messages' stored events (called in its unit of work): a user's STOP / UNSUBSCRIBE
     * message or the network's unsubscribe event to a partner's bot puts the user's number on that
     * partner's list, with the time and the event. Returns how many numbers were added.
     */
    async onEventsStored(eventIds: string[]): Promise<number> {
      const candidates = await repository.optOutCandidates(eventIds);
      const rows: NewOptOut[] = [];
      for (const event of candidates) {
        const msisdn = userNumber(event.sender);
        if (!msisdn) continue;
        if (event.kind === 'unsubscribe')
          rows.push({ ...event, msisdn, source: 'network_unsubscribe', sourceDetail: 'unsubscribe' });
        else if (isOptOutMessage(event.text))
          rows.push({ ...event, msisdn, source: 'stop_keyword', sourceDetail: (event.text ?? '').trim() });
      }
      return repository.addOptOuts(
        rows.map(({ partnerId, msisdn, source, botId, sourceDetail, eventId }) => ({
          partnerId,
          msisdn,
          source,
          botId,
          sourceDetail,
          eventId,
        })),
      );
    },

    /**
     * Whether the partner's list holds the number (E.164). Concurrent checks (the partner API's sends
     * under load) share one statement; a check alone runs at once. It reads outside the caller's unit
     * of work: what is committed when it runs.
     */
    isOptedOut: (partnerId: string, msisdn: string): Promise<boolean> => checkOptedOut({ partnerId, msisdn }),

    async list(user: AuthenticatedUser, query: TOptOutListQuery) {
      const filters = ZOptOutListQuery.parse(query);
      const { items, total } = await repository.listOptOuts(user.partnerId, filters);
      return { items: items.map(present), total };
    },

    /** Every row the filters select, for the Excel/PDF export (at most the export's row limit). */
    async exportRows(
      user: AuthenticatedUser,
      filters: { search?: string | undefined; source?: string | undefined } & {
        sort: OptOutSort;
        order: 'asc' | 'desc';
      },
    ): Promise<TOptOut[]> {
      const { items } = await repository.listOptOuts(user.partnerId, { ...filters, start: 0, end: 10_000 });
      return items.map(present);
    },

    /** The partner adds a number (any common form; the partner's country for one without prefix). */
    add(user: AuthenticatedUser, raw: string): Promise<TOptOut> {
      return database.transaction(async () => {
        const country = await repository.partnerCountry(user.partnerId);
        const msisdn = normaliseMsisdn(raw, country);
        if (!msisdn)
          throw new BadRequestError(
            'Enter a valid mobile number with its country code, for example +919876543210.',
            [{ field: 'msisdn', message: 'is not a valid mobile number' }],
          );
        // A number already on the list keeps its first time and source.
        await repository.addOptOuts([{ partnerId: user.partnerId, msisdn, source: 'partner' }]);
        const { items } = await repository.listOptOuts(user.partnerId, {
          search: msisdn,
          start: 0,
          end: 1,
          sort: 'msisdn',
          order: 'asc',
        });
        const row = items[0];
        if (!row) throw new Error('opt-out vanished');
        return present(row);
      });
    },

    /** The partner removes a number: its bots may message it again. */
    async remove(user: AuthenticatedUser, msisdn: string): Promise<void> {
      const removed = await database.transaction(() => repository.removeOptOut(user.partnerId, msisdn));
      if (!removed) throw new NotFoundError('This number is not on your opt-out list.');
    },
  };
}
export type OptOutsService = ReturnType<typeof createOptOutsService>;
