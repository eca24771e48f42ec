import type { AudienceFormat, KeptRecipient, RefusedLine } from '@portico/domain';

/** What the checking thread starts with (workerData). */
export interface CheckThreadInit {
  format: AudienceFormat;
  defaultCountry: string | null;
  /** The last line an earlier run committed (0: from the start). */
  checkedLine: number;
  /** Data lines counted by that run. */
  readCount: number;
  optedOut: string[];
  batchSize: number;
}

/**
 * A valid line not opted out: kept unless its number is already stored (the event loop inserts it
 * by the recipients' unique key; a number already there refuses the line as a duplicate with `raw`).
 */
export interface Candidate extends KeptRecipient {
  raw: string;
}

/** One batch of verdicts with the last line it covers. */
export interface CheckBatch {
  candidates: Candidate[];
  refused: RefusedLine[];
  lastLine: number;
}

/** Thread -> event loop. */
export type FromCheckThread =
  | { type: 'more' }
  | { type: 'fields'; fields: string[] }
  | ({ type: 'batch' } & CheckBatch)
  | { type: 'done'; dataLines: number }
  | { type: 'failed'; fileProblem: boolean; message: string };

/** Event loop -> thread: the file's next bytes (null at its end), or a batch stored. */
export type ToCheckThread = { type: 'chunk'; bytes: Uint8Array | null } | { type: 'stored' };
