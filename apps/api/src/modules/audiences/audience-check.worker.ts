import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { createAudienceChecker, mapAudienceColumns, type RefusedLine, rawLine } from '@portico/domain';
import type {
  Candidate,
  CheckThreadInit,
  FromCheckThread,
  ToCheckThread,
} from './audience-check.protocol.ts';
import { AudienceFileError, audienceRows } from './audience-reader.ts';

/**
 * The audience check's CPU work in a worker thread (issue 27 point 2): parsing (csv-parse, exceljs)
 * and each line's verdict (libphonenumber-js, opt-outs, field limits); duplicates are found where
 * the batch is stored, by the recipients' unique key (decision 0053). The event loop feeds the
 * file's bytes on request and stores each batch in order; the thread checks the next batch while
 * the previous one is stored and waits for its "stored" before it sends another, so memory holds a
 * chunk and two batches whatever the file's size.
 */
const port = parentPort;
if (!port) throw new Error('audience-check.worker runs only as a worker thread');
const init = workerData as CheckThreadInit;
const send = (message: FromCheckThread) => port.postMessage(message);

// Chunks and "stored" answers come back in the order they were asked for, each kind on its own.
const waitingChunk: ((bytes: Uint8Array | null) => void)[] = [];
const waitingStored: (() => void)[] = [];
port.on('message', (message: ToCheckThread) => {
  if (message.type === 'chunk') waitingChunk.shift()?.(message.bytes);
  else waitingStored.shift()?.();
});

async function* bytes(): AsyncGenerator<Uint8Array> {
  for (;;) {
    send({ type: 'more' });
    const chunk = await new Promise<Uint8Array | null>((resolve) => waitingChunk.push(resolve));
    if (chunk === null) return;
    yield chunk;
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
    dedupe: false,
  });
  let candidates: Candidate[] = [];
  let refused: RefusedLine[] = [];
  let lastLine = init.checkedLine;
  let dataLines = init.readCount;
  /** The batch being stored (at most one: the next waits for it). */
  let storing: Promise<void> | null = null;

  const flush = async () => {
    if (candidates.length === 0 && refused.length === 0) return;
    if (storing) await storing;
    storing = new Promise<void>((resolve) => waitingStored.push(resolve));
    send({ type: 'batch', candidates, refused, lastLine });
    candidates = [];
    refused = [];
  };
  const check = async (line: number, values: string[]) => {
    if (line <= init.checkedLine) return;
    dataLines += 1;
    lastLine = line;
    const verdict = checker.check(line, values);
    if ('kept' in verdict) candidates.push({ ...verdict.kept, raw: rawLine(values) });
    else refused.push(verdict.refused);
    if (candidates.length + refused.length >= init.batchSize) await flush();
  };

  if (!header) await check(first.value.line, first.value.values);
  for await (const row of rows) await check(row.line, row.values);
  await flush();
  if (storing) await storing;
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
