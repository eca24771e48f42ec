import { randomUUID } from 'node:crypto';
import {
  AUDIENCE_MAX_BYTES,
  AUDIENCE_REACH_PACE,
  type AudienceFormat,
  type AudienceReachNetwork,
  type AudienceRefusalCounts,
  type AudienceSort,
  type AudienceStatus,
  audienceFileProblem,
  audienceFormatOf,
  CHANNEL_TYPE,
  duplicateRefusal,
  emptyRefusalCounts,
  formatAudienceBytes,
  type TAudience,
  type TAudienceDetails,
  type TAudienceListQuery,
  type TAudienceReach,
  type TAudienceReachCheck,
  ZAudienceListQuery,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import { NetworkError } from '../../networks/errors.ts';
import type { Connectors } from '../../networks/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
} from '../../platform/http/errors.ts';
import type { JobSender } from '../../platform/jobs/index.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { StoredFiles } from '../../platform/storage/sweep.ts';
import type { BotsService } from '../bots/bots.service.ts';
import { checkInThread } from './audience-check.thread.ts';
import { AudienceFileError, contentProblem } from './audience-reader.ts';
import type { AudiencesQueues } from './audiences.jobs.ts';
import type { AudienceRow, AudiencesRepository, ReachWithBot } from './audiences.repository.ts';

export interface AudiencesDeps {
  database: Pick<Database, 'transaction'>;
  repository: AudiencesRepository;
  storage: Storage;
  jobs: JobSender<AudiencesQueues>;
  log: Pick<FastifyBaseLogger, 'error'>;
  maxRecipients: number;
  /** The networks' capability checks (reach; the seed and the check tests need none). */
  connectors?: Pick<Connectors, 'get'>;
  /** The partner's bots (reach names one; the seed and the check tests need none). */
  bots?: Pick<BotsService, 'botForTesting'>;
  /** Waits between capability requests (the network's pace); a test may pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
  /** Lines committed together with their checkpoint (smaller in tests). */
  batchSize?: number;
}

/** Where audience files are stored: private (they hold people's numbers), one folder per partner. */
export const AUDIENCE_FILES_PREFIX = 'private/audiences/';

function present(row: AudienceRow): TAudience {
  return {
    audience_id: row.audienceId,
    name: row.name,
    file_name: row.fileName,
    format: row.format as AudienceFormat,
    bytes: row.bytes,
    status: row.status as AudienceStatus,
    failure: row.failure,
    fields: row.fields,
    read: row.readCount,
    kept: row.keptCount,
    refused: row.refusedCount,
    refused_by_reason: { ...emptyRefusalCounts(), ...row.refusedByReason } as AudienceRefusalCounts,
    created_at: row.createdAt.toISOString(),
    checked_at: row.checkedAt?.toISOString() ?? null,
  };
}

function presentReach(row: ReachWithBot): TAudienceReachCheck {
  return {
    audience_id: row.audienceId,
    bot_id: row.botId,
    bot_name: row.botName,
    network: row.network as AudienceReachNetwork,
    status: row.status as TAudienceReachCheck['status'],
    recipients: row.recipients,
    rcs_capable: row.rcsCapable,
    not_rcs_capable: row.notRcsCapable,
    failure: row.failure,
    started_at: row.startedAt.toISOString(),
    checked_at: row.checkedAt?.toISOString() ?? null,
  };
}

/**
 * A running reach check whose row has not moved for this long is taken as lost (its job gave up
 * or its process died past the queue's retries): a new start replaces it instead of answering it.
 */
export const REACH_STALE_MS = 5 * 60_000;

/** Where a resumable upload's file is stored once complete: the key names the upload (decision 0040). */
export function uploadStorageKey(partnerId: string, uploadId: string): string {
  return `${AUDIENCE_FILES_PREFIX}${partnerId}/upload-${uploadId}`;
}

/** An upload as it arrives: its name and its bytes as a stream (never whole in memory). */
export interface IncomingAudienceFile {
  fileName: string;
  stream: AsyncIterable<Uint8Array>;
  /** Whether the stream was cut at the byte limit (then the file is over it). */
  truncated: () => boolean;
}

/** The audience was deleted while its check ran: the check stops. */
class AudienceGone extends Error {}

/**
 * Audiences: uploads streamed to storage, the streamed check (the audiences.check job: normalised,
 * deduplicated in the file and against opt-outs, personalised columns kept, every refused line with
 * its reason; batches committed with their checkpoint so a restarted job continues and keeps no
 * recipient twice), lists, the refused lines, delete.
 */
export function createAudiencesService(deps: AudiencesDeps) {
  const { database, repository, storage, jobs, log, maxRecipients, connectors } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const batchSize = deps.batchSize ?? 5_000;

  /**
   * The network's capability check over the audience's kept recipients after `afterLine`, in
   * batches at the network's pace (AUDIENCE_REACH_PACE): each batch's last line, size and how many
   * of it the network reaches over RCS.
   */
  async function* capabilityBatches(
    audienceId: string,
    target: { network: AudienceReachNetwork; sender: string },
    afterLine: number,
  ): AsyncGenerator<{ lastLine: number; asked: number; reached: number }> {
    const pace = AUDIENCE_REACH_PACE[target.network];
    if (!connectors) throw new Error('reach needs the network connectors');
    const connector = connectors.get(target.network);
    let after = afterLine;
    let last = 0;
    for (;;) {
      const page = await repository.recipientNumbersAfter(audienceId, after, pace.batch);
      if (page.length === 0) return;
      const wait = last + 1000 / pace.perSecond - Date.now();
      if (last > 0 && wait > 0) await sleep(wait);
      last = Date.now();
      const numbers = page.map((r) => r.msisdn);
      const { reachableUsers } = await connector.reachableUsers(target.sender, numbers);
      const capable = new Set(reachableUsers);
      after = page.at(-1)?.line ?? after;
      yield { lastLine: after, asked: numbers.length, reached: numbers.filter((n) => capable.has(n)).length };
    }
  }

  /** One run of a stored reach check (the audiences.reach job), from its last committed batch. */
  async function runReach(run: { audienceId: string; botId: string; runId: string }): Promise<void> {
    const row = await repository.reachRow(run.audienceId, run.botId);
    if (!row || row.runId !== run.runId || row.status !== 'running') return;
    let rcsCapable = row.rcsCapable;
    let notRcsCapable = row.notRcsCapable;
    const target = { network: row.network as AudienceReachNetwork, sender: row.sender };
    try {
      for await (const batch of capabilityBatches(run.audienceId, target, row.checkedLine)) {
        rcsCapable += batch.reached;
        notRcsCapable += batch.asked - batch.reached;
        // Replaced by a newer check, or its audience or bot deleted: this run stops.
        if (!(await repository.updateReach(run, { rcsCapable, notRcsCapable, checkedLine: batch.lastLine })))
          return;
      }
    } catch (error) {
      // The network refused or failed: the check stops with its words (the partner may check again).
      if (error instanceof NetworkError) {
        await repository.updateReach(run, {
          status: 'failed',
          failure: error.message,
          checkedAt: new Date(),
        });
        return;
      }
      throw error;
    }
    await repository.updateReach(run, { status: 'ready', checkedAt: new Date() });
  }

  /** The bot a reach check goes through: the partner's (else 404), RCS (else 400), on its network (else 400). */
  async function reachTarget(user: AuthenticatedUser, botId: string) {
    if (!deps.bots) throw new Error('reach needs the bots service');
    const bot = await deps.bots.botForTesting(user, botId);
    if (!bot.channels.includes(CHANNEL_TYPE.rcs))
      throw new BadRequestError(
        `${bot.name} is a WhatsApp bot: reach is the share of recipients an RCS bot can message. Choose one of your RCS bots.`,
        [{ field: 'bot_id', message: 'Choose one of your RCS bots.' }],
      );
    const target: { network: AudienceReachNetwork; sender: string } | null = bot.rbmAgent
      ? { network: 'rbm', sender: bot.rbmAgent.split('/').pop() ?? bot.rbmAgent }
      : bot.maapBotId
        ? { network: 'maap', sender: bot.maapBotId }
        : null;
    if (!target)
      throw new BadRequestError(
        `${bot.name} is not registered on its RCS network yet: its reach can be checked once it is.`,
        [{ field: 'bot_id', message: 'The bot is not registered on its network yet.' }],
      );
    return { bot, target };
  }

  async function reachChecks(audienceId: string): Promise<TAudienceReachCheck[]> {
    return (await repository.reachOf(audienceId)).map(presentReach);
  }

  async function owned(user: AuthenticatedUser, audienceId: string): Promise<AudienceRow> {
    const row = await repository.audience(user.partnerId, audienceId);
    if (!row) throw new NotFoundError('Audience not found.');
    return row;
  }

  /** The check fails as a whole: nothing kept, the reason shown (the refused lines stay to explain). */
  async function fail(audienceId: string, reason: string): Promise<void> {
    await database.transaction(async () => {
      const row = await repository.audienceForUpdate(audienceId);
      if (!row) return;
      await repository.dropRecipients(audienceId);
      await repository.updateAudience(audienceId, {
        status: 'failed',
        failure: reason,
        checkedAt: new Date(),
        keptCount: 0,
      });
    });
  }

  async function runCheck(audienceId: string): Promise<void> {
    const audience = await repository.audienceById(audienceId);
    if (!audience || audience.status === 'ready' || audience.status === 'failed') return;
    const defaultCountry = audience.defaultCountry ?? (await repository.partnerCountry(audience.partnerId));
    if (audience.status === 'uploaded')
      await repository.updateAudience(audienceId, { status: 'checking', defaultCountry });
    const source = await storage.getStream(audience.storageKey);
    if (!source) throw new AudienceFileError('The uploaded file is no longer in storage: upload it again.');
    const dataLines = await checkInThread(
      {
        format: audience.format as AudienceFormat,
        defaultCountry,
        checkedLine: audience.checkedLine,
        readCount: audience.readCount,
        optedOut: [...(await repository.optedOutNumbers(audience.partnerId))],
        batchSize,
      },
      source,
      {
        async fields(fields) {
          if (JSON.stringify(fields) !== JSON.stringify(audience.fields))
            await repository.updateAudience(audienceId, { fields });
        },
        async batch(batch) {
          await database.transaction(async () => {
            const row = await repository.audienceForUpdate(audienceId);
            if (!row) throw new AudienceGone();
            // Duplicates by the recipients' key: a number an earlier line (of this batch, an earlier
            // batch or an interrupted run) stored refuses its line (decision 0053).
            const keptLines = await repository.insertRecipients(audienceId, batch.candidates);
            const refused = batch.refused;
            for (const c of batch.candidates)
              if (!keptLines.has(c.line)) refused.push(duplicateRefusal(c.line, c.msisdn, c.raw));
            if (row.keptCount + keptLines.size > maxRecipients)
              throw new AudienceFileError(
                `The file has more than ${maxRecipients.toLocaleString('en-US')} different recipients (the most one audience may keep): split it into several audiences.`,
              );
            const byReason: Record<string, number> = { ...emptyRefusalCounts(), ...row.refusedByReason };
            for (const line of refused) byReason[line.reason] = (byReason[line.reason] ?? 0) + 1;
            await repository.storeBatch(audienceId, {
              kept: keptLines.size,
              refused,
              lastLine: batch.lastLine,
              refusedByReason: byReason,
            });
          });
        },
      },
    );
    if (dataLines === 0)
      throw new AudienceFileError('The file has only a header line: there are no recipients in it.');
    await database.transaction(async () => {
      const row = await repository.audienceForUpdate(audienceId);
      if (!row) return;
      if (row.keptCount === 0) {
        await repository.updateAudience(audienceId, {
          status: 'failed',
          failure: 'No line of the file holds a recipient that can be messaged: see the refused lines.',
          checkedAt: new Date(),
        });
        return;
      }
      await repository.updateAudience(audienceId, { status: 'ready', checkedAt: new Date() });
    });
  }

  function formatOf(fileName: string): AudienceFormat {
    const problem = audienceFileProblem(fileName);
    const format = audienceFormatOf(fileName);
    if (problem || !format) throw new BadRequestError(problem ?? 'The file type is not supported.');
    return format;
  }

  /**
   * Streams the file to storage under key (the content sniffed on its first bytes, the size held to
   * the limit), then in one unit of work the audience and its check job; a key already taken (the
   * same resumable upload completed twice) answers that audience and starts nothing.
   */
  async function store(
    user: AuthenticatedUser,
    input: {
      fileName: string;
      format: AudienceFormat;
      key: string;
      file: IncomingAudienceFile;
      name?: string | undefined;
    },
  ): Promise<AudienceRow> {
    const { fileName, format, key, file, name } = input;
    let sniffed = false;
    async function* checked(): AsyncGenerator<Uint8Array> {
      for await (const chunk of file.stream) {
        if (!sniffed && chunk.byteLength > 0) {
          sniffed = true;
          const wrong = contentProblem(format, chunk);
          if (wrong) throw new BadRequestError(wrong);
        }
        yield chunk;
      }
    }
    let bytes: number;
    try {
      bytes = await storage.putStream(key, checked(), 'application/octet-stream');
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
    if (file.truncated() || bytes > AUDIENCE_MAX_BYTES) {
      await storage.delete(key);
      throw new PayloadTooLargeError(`The file is larger than ${formatAudienceBytes(AUDIENCE_MAX_BYTES)}.`);
    }
    if (bytes === 0) {
      await storage.delete(key);
      throw new BadRequestError('The file is empty.');
    }
    try {
      return await database.transaction(async () => {
        const { row, created } = await repository.insertAudienceOnce({
          partnerId: user.partnerId,
          createdBy: user.userId,
          name: name?.trim() || fileName.replace(/\.[^.]+$/, ''),
          fileName,
          format,
          bytes,
          storageKey: key,
        });
        if (created) await jobs.send('audiences.check', { audienceId: row.audienceId });
        return row;
      });
    } catch (error) {
      // Only a key of this call's own is removed: a completed upload's file belongs to its audience.
      if (!(await repository.audienceByStorageKey(user.partnerId, key))) await storage.delete(key);
      throw error;
    }
  }

  return {
    /**
     * The audiences.check job: reads the stored file as a stream from the last committed line. A
     * problem of the whole file fails the audience with its reason; anything else is retried.
     */
    async check(audienceId: string): Promise<void> {
      try {
        await runCheck(audienceId);
      } catch (error) {
        if (error instanceof AudienceGone) return;
        if (error instanceof AudienceFileError) {
          await fail(audienceId, error.message);
          return;
        }
        log.error(
          { err: error, audienceId },
          'audience check failed; the job will retry from its checkpoint',
        );
        throw error;
      }
    },

    /**
     * Stores the uploaded file (streamed to storage, the content sniffed on its first bytes, the size
     * held to the limit while it streams), then in one unit of work the audience and its check job.
     */
    async upload(user: AuthenticatedUser, file: IncomingAudienceFile, name?: string): Promise<TAudience> {
      const fileName = file.fileName.trim();
      const format = formatOf(fileName);
      const key = `${AUDIENCE_FILES_PREFIX}${user.partnerId}/${randomUUID()}.${format}`;
      return present(await store(user, { fileName, format, key, file, name }));
    },

    /**
     * A resumable upload is complete (its last PATCH, or a HEAD finding it whole): its file goes from
     * the staging folder to storage, then the audience and its check job, exactly once per upload id
     * (the key names the upload, and the key is unique: a second completion answers the same audience).
     */
    async completeUpload(
      user: AuthenticatedUser,
      upload: {
        uploadId: string;
        fileName: string;
        name?: string | undefined;
        open: () => AsyncIterable<Uint8Array>;
      },
    ): Promise<TAudience> {
      const key = uploadStorageKey(user.partnerId, upload.uploadId);
      const done = await repository.audienceByStorageKey(user.partnerId, key);
      if (done) return present(done);
      const fileName = upload.fileName.trim();
      const format = formatOf(fileName);
      const file = { fileName, stream: upload.open(), truncated: () => false };
      return present(await store(user, { fileName, format, key, file, name: upload.name }));
    },

    /** The audience a completed resumable upload of the partner became, or null. */
    async uploadedAudience(user: AuthenticatedUser, uploadId: string): Promise<TAudience | null> {
      const row = await repository.audienceByStorageKey(
        user.partnerId,
        uploadStorageKey(user.partnerId, uploadId),
      );
      return row ? present(row) : null;
    },

    async list(user: AuthenticatedUser, query: TAudienceListQuery) {
      const filters = ZAudienceListQuery.parse(query);
      const { items, total } = await repository.listAudiences(user.partnerId, filters);
      return { items: items.map(present), total };
    },

    async exportRows(
      user: AuthenticatedUser,
      filters: { search?: string | undefined; status?: string | undefined } & {
        sort: AudienceSort;
        order: 'asc' | 'desc';
      },
    ): Promise<TAudience[]> {
      const { items } = await repository.listAudiences(user.partnerId, { ...filters, start: 0, end: 10_000 });
      return items.map(present);
    },

    async get(user: AuthenticatedUser, audienceId: string): Promise<TAudience> {
      return present(await owned(user, audienceId));
    },

    /** One audience with its reach through each RCS bot checked (the details page). */
    async details(user: AuthenticatedUser, audienceId: string): Promise<TAudienceDetails> {
      const row = await owned(user, audienceId);
      return { ...present(row), reach: await reachChecks(audienceId) };
    },

    /** The audience's stored reach checks, one per RCS bot. */
    async reachChecks(user: AuthenticatedUser, audienceId: string): Promise<TAudienceReachCheck[]> {
      await owned(user, audienceId);
      return reachChecks(audienceId);
    },

    /**
     * Starts the reach check of a ready audience through one of the partner's RCS bots: in one unit
     * of work its row (made, or replaced under a new run: the previous result goes) and the
     * audiences.reach job. A check of the same pair still running is answered as it is (a second
     * click starts nothing), unless it stopped moving (REACH_STALE_MS).
     */
    async startReach(
      user: AuthenticatedUser,
      audienceId: string,
      botId: string,
    ): Promise<{ check: TAudienceReachCheck; started: boolean }> {
      const audience = await owned(user, audienceId);
      const { bot, target } = await reachTarget(user, botId);
      if (audience.status !== 'ready')
        throw new ConflictError(
          'The audience is not checked yet: its reach can be checked once it is ready.',
        );
      const started = await database.transaction(async () => {
        const current = await repository.reachForUpdate(audienceId, botId);
        if (current?.status === 'running' && Date.now() - current.updatedAt.getTime() < REACH_STALE_MS)
          return false;
        const runId = randomUUID();
        await repository.startReach({
          audienceId,
          botId,
          partnerId: user.partnerId,
          runId,
          network: target.network,
          sender: target.sender,
          status: 'running',
          recipients: audience.keptCount,
        });
        await jobs.send('audiences.reach', { audienceId, botId, runId });
        return true;
      });
      const row = await repository.reachRow(audienceId, botId);
      if (!row) throw new NotFoundError('Audience not found.');
      return { check: presentReach({ ...row, botName: bot.name }), started };
    },

    /** The audiences.reach job: one run of a stored reach check, continued after its last batch. */
    runReach,

    async recipients(
      user: AuthenticatedUser,
      audienceId: string,
      query: { start: number; end: number; search?: string | undefined },
    ) {
      await owned(user, audienceId);
      const { items, total } = await repository.recipients(audienceId, query);
      return { items: items.map((r) => ({ line: r.line, msisdn: r.msisdn, fields: r.fields ?? {} })), total };
    },

    /** The refused lines, page by page in line order (the CSV and Excel downloads stream them). */
    async *refusedLines(user: AuthenticatedUser, audienceId: string) {
      await owned(user, audienceId);
      let after = 0;
      for (;;) {
        const page = await repository.refusedLines(audienceId, after, 5_000);
        if (page.length === 0) return;
        yield page;
        after = page.at(-1)?.line ?? after;
      }
    },

    /** Deletes the audience, its recipients and refused lines, then its file (a running check stops). */
    async remove(user: AuthenticatedUser, audienceId: string): Promise<void> {
      const row = await database.transaction(() => repository.deleteAudience(user.partnerId, audienceId));
      if (!row) throw new NotFoundError('Audience not found.');
      await storage.delete(row.storageKey);
    },

    /**
     * Reach (issue 27 point 3): the audience's kept recipients split into RCS-capable and not through
     * one RCS bot (its network and sender, which the caller resolved), with the network's batch
     * capability check (RBM users.batchGet, MaaP contact capabilities) in batches at the network's
     * pace (AUDIENCE_REACH_PACE). Read-only: nothing is stored or charged. `onProgress` hears the
     * running counts after each batch.
     */
    async reach(
      user: AuthenticatedUser,
      audienceId: string,
      target: { network: AudienceReachNetwork; sender: string },
      onProgress?: (reach: TAudienceReach) => void,
    ): Promise<TAudienceReach> {
      const audience = await owned(user, audienceId);
      if (audience.status !== 'ready')
        throw new ConflictError('The audience is not checked yet: its reach is known once it is ready.');
      const reach: TAudienceReach = { recipients: 0, rcs_capable: 0, not_rcs_capable: 0 };
      for await (const batch of capabilityBatches(audienceId, target, 0)) {
        reach.recipients += batch.asked;
        reach.rcs_capable += batch.reached;
        reach.not_rcs_capable += batch.asked - batch.reached;
        onProgress?.({ ...reach });
      }
      return reach;
    },

    /** Stored files the orphan sweep may delete: those no audience names. */
    storedFiles: [
      { prefix: AUDIENCE_FILES_PREFIX, referenced: (keys) => repository.referencedKeys(keys) },
    ] satisfies StoredFiles[],
  };
}
export type AudiencesService = ReturnType<typeof createAudiencesService>;
