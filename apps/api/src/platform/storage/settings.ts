import path from 'node:path';
import type { AwsCredentials } from './s3.ts';
import { isStorageKey } from './storage.ts';

/**
 * Where files go, from STORAGE_URL:
 * - unset: `$DATA_DIR/files` (relative paths are relative to the process's working directory);
 * - `file:///abs/dir` or `file://relative/dir`: that directory;
 * - `s3://BUCKET[/PREFIX][?endpoint=URL][&region=REGION]`: an S3-compatible bucket, path-style,
 *   credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN when temporary).
 *   endpoint defaults to `https://s3.REGION.amazonaws.com`, region to `us-east-1`.
 *   e.g. `s3://portico-files/prod?endpoint=http://minio:9000&region=us-east-1`.
 */
export type StorageSettings =
  | { kind: 'file'; dir: string }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      prefix: string;
      region: string;
      credentials: AwsCredentials;
    };

export interface StorageEnv {
  STORAGE_URL?: string | undefined;
  DATA_DIR: string;
  AWS_ACCESS_KEY_ID?: string | undefined;
  AWS_SECRET_ACCESS_KEY?: string | undefined;
  AWS_SESSION_TOKEN?: string | undefined;
}

export class StorageSettingsError extends Error {
  constructor(
    message: string,
    /** The variable to blame. */
    readonly variable: string = 'STORAGE_URL',
  ) {
    super(message);
    this.name = 'StorageSettingsError';
  }
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const S3_PARAMETERS = new Set(['endpoint', 'region']);

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new StorageSettingsError('STORAGE_URL has a malformed %-escape');
  }
}

/** Parses STORAGE_URL (see StorageSettings); throws a StorageSettingsError naming what is wrong. */
export function storageSettingsFrom(env: StorageEnv): StorageSettings {
  const url = env.STORAGE_URL?.trim();
  if (!url) return { kind: 'file', dir: path.join(env.DATA_DIR, 'files') };
  if (url.startsWith('file://')) {
    const dir = decoded(url.slice('file://'.length));
    if (!dir)
      throw new StorageSettingsError(
        'STORAGE_URL file:// needs a directory, e.g. file:///var/lib/portico/files',
      );
    return { kind: 'file', dir };
  }
  if (url.startsWith('s3://')) return s3SettingsFrom(url, env);
  throw new StorageSettingsError(
    'STORAGE_URL must be file://DIR or s3://BUCKET/PREFIX?endpoint=URL&region=REGION',
  );
}

function s3SettingsFrom(url: string, env: StorageEnv): StorageSettings {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StorageSettingsError('STORAGE_URL is not a valid s3:// URL');
  }
  if (parsed.username || parsed.password)
    throw new StorageSettingsError(
      'STORAGE_URL must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
  const bucket = parsed.hostname;
  if (!BUCKET.test(bucket))
    throw new StorageSettingsError(
      `STORAGE_URL bucket '${bucket}' is not a valid bucket name (3-63 lower-case letters, digits, '.' and '-')`,
    );
  const prefix = decoded(parsed.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix && !isStorageKey(prefix))
    throw new StorageSettingsError(
      `STORAGE_URL prefix '${prefix}' may use only letters, digits, '.', '_', '-' and '/'`,
    );
  for (const name of parsed.searchParams.keys()) {
    if (!S3_PARAMETERS.has(name))
      throw new StorageSettingsError(
        `STORAGE_URL has an unknown parameter '${name}' (known: endpoint, region)`,
      );
  }
  const region = parsed.searchParams.get('region') || 'us-east-1';
  if (!REGION.test(region)) throw new StorageSettingsError(`STORAGE_URL region '${region}' is not valid`);
  const endpoint = parsed.searchParams.get('endpoint') || `https://s3.${region}.amazonaws.com`;
  let endpointUrl: URL;
  try {
    endpointUrl = new URL(endpoint);
  } catch {
    throw new StorageSettingsError(`STORAGE_URL endpoint '${endpoint}' is not a URL`);
  }
  if (endpointUrl.protocol !== 'https:' && endpointUrl.protocol !== 'http:')
    throw new StorageSettingsError('STORAGE_URL endpoint must be an http:// or https:// URL');
  if (endpointUrl.search || endpointUrl.hash || endpointUrl.username)
    throw new StorageSettingsError(
      'STORAGE_URL endpoint must be a plain base URL (no query, fragment or credentials)',
    );

  for (const variable of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) {
    if (!env[variable])
      throw new StorageSettingsError(`${variable} is required when STORAGE_URL is s3://`, variable);
  }
  return {
    kind: 's3',
    endpoint: endpointUrl.toString().replace(/\/$/, ''),
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region,
    credentials: {
      accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
      sessionToken: env.AWS_SESSION_TOKEN,
    },
  };
}

/** What is wrong with the storage variables, for the config's validation; null when nothing. */
export function storageSettingsProblem(env: StorageEnv): { variable: string; message: string } | null {
  try {
    storageSettingsFrom(env);
    return null;
  } catch (error) {
    if (error instanceof StorageSettingsError) return { variable: error.variable, message: error.message };
    throw error;
  }
}
