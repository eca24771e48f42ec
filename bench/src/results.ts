import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared result format of every Portico benchmark (bench/results/latest.json). Each benchmark
 * adds its entries with `addResults`; entries are keyed by `name`, so a rerun replaces its own
 * entries and leaves the other benchmarks' ones in place.
 */
export interface BenchResult {
  /** Dotted, stable id, e.g. `api.partner-details.rps`. */
  name: string;
  /** What `value` measures, with its unit, e.g. `requests/s`, `p99 ms`, `gzip KB (1 KB = 1000 bytes)`. */
  metric: string;
  value: number;
  /** What the value is compared against, measured in the same run (null when it stands alone). */
  baseline: { name: string; value: number } | null;
  /** value / baseline.value, or null without a baseline. */
  ratio: number | null;
  /**
   * The goal, reported, never asserted: `>= 0.5`, `<= 180`, or `n/a`. It applies to `ratio` when
   * the entry has a baseline and to `value` otherwise.
   */
  target: string;
}

export type BenchEnvironment = Record<string, string | number | boolean | null>;

export interface ResultsFile {
  /** ISO time of the last write. */
  at: string;
  results: BenchResult[];
  environment?: BenchEnvironment;
}

export const DEFAULT_RESULTS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../results/latest.json',
);

/** A result entry with its ratio derived from the baseline. */
export function result(
  name: string,
  metric: string,
  value: number,
  target: string,
  baseline: { name: string; value: number } | null = null,
): BenchResult {
  const ratio = baseline && baseline.value !== 0 ? round(value / baseline.value, 3) : null;
  return { name, metric, value, baseline, ratio, target };
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Merges `incoming` into `existing` by name: same-named entries are replaced, in place; new ones appended. */
export function mergeResults(
  existing: readonly BenchResult[],
  incoming: readonly BenchResult[],
): BenchResult[] {
  const merged = [...existing];
  for (const entry of incoming) {
    const at = merged.findIndex((e) => e.name === entry.name);
    if (at >= 0) merged[at] = entry;
    else merged.push(entry);
  }
  return merged;
}

export function readResults(file: string = DEFAULT_RESULTS_FILE): ResultsFile | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ResultsFile>;
    return Array.isArray(parsed.results)
      ? { at: String(parsed.at ?? ''), results: parsed.results, environment: parsed.environment ?? {} }
      : null;
  } catch {
    return null;
  }
}

/**
 * Adds entries (and environment facts) to the results file and writes it atomically. Returns what
 * was written.
 */
export function addResults(
  entries: readonly BenchResult[],
  options: { file?: string; environment?: BenchEnvironment; now?: Date } = {},
): ResultsFile {
  const file = options.file ?? DEFAULT_RESULTS_FILE;
  const previous = readResults(file);
  const written: ResultsFile = {
    at: (options.now ?? new Date()).toISOString(),
    results: mergeResults(previous?.results ?? [], entries),
    environment: { ...(previous?.environment ?? {}), ...(options.environment ?? {}) },
  };
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(written, null, 2)}\n`);
  renameSync(temp, file);
  return written;
}

/** Whether an entry meets its target; null when it has none or the target is not understood. */
export function meetsTarget(entry: BenchResult): boolean | null {
  const match = /^\s*(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(entry.target);
  if (!match) return null;
  const subject = entry.baseline ? entry.ratio : entry.value;
  if (subject === null) return null;
  const limit = Number(match[2]);
  switch (match[1]) {
    case '>=':
      return subject >= limit;
    case '<=':
      return subject <= limit;
    case '>':
      return subject > limit;
    default:
      return subject < limit;
  }
}

/** The entries as a markdown table. */
export function markdownTable(entries: readonly BenchResult[]): string {
  const header = '| name | metric | value | baseline | ratio | target | met |';
  const rule = '|---|---|---:|---|---:|---|:---:|';
  const rows = entries.map((e) => {
    const met = meetsTarget(e);
    const baseline = e.baseline ? `${e.baseline.name} = ${e.baseline.value}` : '-';
    return `| ${e.name} | ${e.metric} | ${e.value} | ${baseline} | ${e.ratio ?? '-'} | ${e.target} | ${
      met === null ? '-' : met ? 'yes' : 'NO'
    } |`;
  });
  return [header, rule, ...rows].join('\n');
}
