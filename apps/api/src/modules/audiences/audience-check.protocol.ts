import type { AudienceFormat, KeptRecipient, RefusedLine } from '@portico/domain';

/** What the checking thread starts with (workerData). */
export interface CheckThreadInit {
  format: AudienceFormat;
  defaultCountry: string | null;
  /** The last line an earlier run committed (0: from the start). */
  checkedLine: number;
  /** Data lines counted by that run. */
  readCount: number;
  /** Numbers that run kept (the duplicate check continues from them). */
  seen: string[];
  optedOut: string[];
  maxRecipients: number;
  batchSize: number;
}

/** Thread -> event loop. */
export type FromCheckThread =
  | { type: 'more' }
  | { type: 'fields'; fields: string[] }
  | { type: 'batch'; kept: KeptRecipient[]; refused: RefusedLine[]; lastLine: number }
  | { type: 'done'; dataLines: number }
  | { type: 'failed'; fileProblem: boolean; message: string };

/** Event loop -> thread: the file's next bytes (null at its end), or a batch stored. */
export type ToCheckThread = { type: 'chunk'; bytes: Uint8Array | null } | { type: 'stored' };
