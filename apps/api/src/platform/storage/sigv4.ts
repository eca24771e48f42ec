import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for the Authorization header (the S3 API reference, "Signature
 * Calculations for the Authorization Header: Transferring Payload in a Single Chunk"). Pure: no I/O,
 * the clock is a parameter, so the published examples are tests (sigv4.test.ts).
 */

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS) also send this as x-amz-security-token. */
  sessionToken?: string | undefined;
}

export interface SigV4Request {
  method: string;
  /** The Host header as sent: hostname, plus `:port` when not the scheme's default. */
  host: string;
  /** The path as sent, already URI-encoded segment by segment (see uriEncode); S3 signs it as is. */
  path: string;
  /** Query parameters, unencoded; signed sorted and encoded. */
  query?: Record<string, string> | undefined;
  /** Headers to sign and send besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string> | undefined;
  /** Hex SHA-256 of the body (sha256Hex), or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
}

export interface SigV4Options {
  credentials: AwsCredentials;
  region: string;
  service?: string;
  now?: Date;
}

export interface SignedRequest {
  /** Every header to send, lower-case names, Authorization included. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * RFC 3986 percent-encoding as SigV4 wants it: only A-Z a-z 0-9 - _ . ~ stay; '/' too when
 * keepSlash (object paths). Unlike encodeURIComponent, ! ' ( ) * are encoded.
 */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Query parameters encoded and sorted by name, then value: the canonical query string. */
export function canonicalQueryString(query: Record<string, string> = {}): string {
  return Object.entries(query)
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** `20130524T000000Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request") */
export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, day);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

/** Signs a request: returns the headers to send (host, x-amz-*, authorization, and the caller's). */
export function signV4(request: SigV4Request, options: SigV4Options): SignedRequest {
  const { credentials, region } = options;
  const service = options.service ?? 's3';
  const timestamp = amzDate(options.now ?? new Date());
  const day = timestamp.slice(0, 8);

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.host = request.host;
  headers['x-amz-date'] = timestamp;
  headers['x-amz-content-sha256'] = request.payloadHash;
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${(headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.path || '/',
    canonicalQueryString(request.query),
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');

  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, region, service))
    .update(stringToSign)
    .digest('hex');

  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}
