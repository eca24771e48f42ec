import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import {
  createAudienceChecker,
  type KeptRecipient,
  mapAudienceColumns,
  type RefusedLine,
} from '@portico/domain';
import type { CheckThreadInit, FromCheckThread, ToCheckThread } from './audience-check.protocol.ts';
import { AudienceFileError, audienceRows } from './audience-reader.ts';

/**
 * The audience check's CPU work in a worker thread (issue 27 point 2): parsing (csv-parse, exceljs)
 * and each line's verdict (libphonenumber-js, duplicates, opt-outs, field limits). The event loop
 * feeds the file's bytes on request and stores each batch; the thread waits for "stored" before it
 * goes on, so memory holds one chunk and one batch whatever the file's size.
 */
const port = parentPort;
if (!port) throw new Error('audience-check.worker runs only as a worker thread');
const init = workerData as CheckThreadInit;
const send = (message: FromCheckThread) => port.postMessage(message);

const waiting: ((message: ToCheckThread) => void)[] = [];
port.on('message', (message: ToCheckThread) => waiting.shift()?.(message));
const reply = () => new Promise<ToCheckThread>((resolve) => waiting.push(resolve));

async function* bytes(): AsyncGenerator<Uint8Array> {
  for (;;) {
    send({ type: 'more' });
    const message = await reply();
    if (message.type !== 'chunk' || message.bytes === null) return;
    yield message.bytes;
  }
}

async function run(): Promise<void> {
  const rows = audienceRows(Readable.from(bytes()), init.format);
  const first = await rows.next();
  if (first.done) throw new AudienceFileError('The file is empty: it has no lines.');
  const mapped = mapAudienceColumns(first.value.values, init.defaultCountry);
  if ('problem' in mapped) throw new AudienceFileError(`Line ${first.value.line}: ${mapped.problem}`);
  const { mapping, header } = mapped;
  send({ type: 'fields', fields: mapping.fields.map((f) => f.name) });

  const optedOut = new Set(init.optedOut);
  const checker = createAudienceChecker({
    mapping,
    defaultCountry: init.defaultCountry,
    optedOut: (msisdn) => optedOut.has(msisdn),
    seen: init.seen,
  });
  init.seen = [];
  let kept: KeptRecipient[] = [];
  let refused: RefusedLine[] = [];
  let lastLine = init.checkedLine;
  let dataLines = init.readCount;

  const flush = async () => {
    if (kept.length === 0 && refused.length === 0) return;
    send({ type: 'batch', kept, refused, lastLine });
    kept = [];
    refused = [];
    const answer = await reply();
    if (answer.type !== 'stored') throw new Error('the event loop did not store the batch');
  };
  const check = async (line: number, values: string[]) => {
    if (line <= init.checkedLine) return;
    dataLines += 1;
    lastLine = line;
    const verdict = checker.check(line, values);
    if ('kept' in verdict) {
      if (checker.keptCount > init.maxRecipients)
        throw new AudienceFileError(
          `The file has more than ${init.maxRecipients.toLocaleString('en-US')} different recipients (the most one audience may keep): split it into several audiences.`,
        );
      kept.push(verdict.kept);
    } else refused.push(verdict.refused);
    if (kept.length + refused.length >= init.batchSize) await flush();
  };

  if (!header) await check(first.value.line, first.value.values);
  for await (const row of rows) await check(row.line, row.values);
  await flush();
  send({ type: 'done', dataLines });
}

run().then(
  () => port.close(),
  (error: unknown) => {
    send({
      type: 'failed',
      fileProblem: error instanceof AudienceFileError,
      message: error instanceof Error ? error.message : String(error),
    });
    port.close();
  },
);
