import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for tests: path-style PUT/GET/DELETE Object, objects in memory, and
 * every request's SigV4 signature verified the way S3 does it: the canonical request rebuilt from
 * what actually arrived (method, raw path, query, the signed headers' values, the body's hash) and
 * the signature recomputed with the secret key. Written apart from the signing library
 * (aws4fetch) on purpose, so a mistake in how we use it cannot hide behind the same mistake here.
 * With a session token (temporary credentials) every request must carry it, signed.
 */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string | undefined;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** Every request: method, raw URL and the answer's status. */
  requests: { method: string; url: string; status: number }[];
  /** Answer the next n requests with 503 SlowDown (to exercise retries). */
  failNext(n: number): void;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding (what S3 expects in a canonical query). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(code: string, message: string) {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/** Null when the signature holds, else the S3 error code to answer with. */
function verify(
  request: http.IncomingMessage,
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined },
  now: Date,
): { code: string; message: string } | null {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { code: 'AccessDenied', message: 'Missing or malformed Authorization' };
  const [, accessKeyId, day, region, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId)
    return { code: 'InvalidAccessKeyId', message: 'Unknown access key' };

  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!stamp || amzDate.slice(0, 8) !== day)
    return { code: 'AccessDenied', message: 'x-amz-date missing or not the credential day' };
  const [, year = 0, month = 0, date = 0, hours = 0, minutes = 0, seconds = 0] = stamp.map(Number);
  const at = Date.UTC(year, month - 1, date, hours, minutes, seconds);
  if (Math.abs(now.getTime() - at) > 15 * 60_000)
    return {
      code: 'RequestTimeTooSkewed',
      message: 'The difference between the request time and now is too large',
    };

  const signedHeaders = (signedHeaderList ?? '').split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
    if (!signedHeaders.includes(required))
      return { code: 'AccessDenied', message: `${required} must be signed` };
  if (credentials.sessionToken !== undefined) {
    if (request.headers['x-amz-security-token'] !== credentials.sessionToken)
      return { code: 'InvalidToken', message: 'The provided token is malformed or otherwise invalid' };
    if (!signedHeaders.includes('x-amz-security-token'))
      return { code: 'AccessDenied', message: 'x-amz-security-token must be signed' };
  }
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
    return { code: 'XAmzContentSHA256Mismatch', message: 'The body does not match x-amz-content-sha256' };

  const rawUrl = request.url ?? '/';
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : rawUrl.slice(queryAt + 1));
  const canonicalQuery = [...query.entries()]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256(canonicalRequest)}`;
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day ?? '');
  for (const part of [region ?? '', 's3', 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = Buffer.from(signature ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match' };
  return null;
}

export async function startFakeS3(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; sessionToken?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'portico-test';
  const credentials = {
    accessKeyId: options.accessKeyId ?? 'AKIATESTFAKES3',
    secretAccessKey: options.secretAccessKey ?? 'fake-s3-secret-key/for+tests',
    sessionToken: options.sessionToken,
  };
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const requests: FakeS3['requests'] = [];
  let failures = 0;

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const answer = (status: number, payload: string | Buffer = '', type = 'application/xml') => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', status });
      response.writeHead(status, payload.length ? { 'content-type': type } : {});
      response.end(payload);
    };

    if (failures > 0) {
      failures--;
      return answer(503, xmlError('SlowDown', 'Please reduce your request rate.'));
    }
    const problem = verify(request, body, credentials, new Date());
    if (problem) return answer(403, xmlError(problem.code, problem.message));

    // Path-style: /<bucket>/<key>, the key percent-decoded.
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const [, bucketName, ...rest] = path.split('/');
    if (bucketName !== bucket)
      return answer(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
    const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
    if (request.method === 'GET' && rest.join('') === '' && query.get('list-type') === '2') {
      // ListObjectsV2, two keys a page so the continuation is exercised.
      const prefix = query.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const from = Number(query.get('continuation-token') ?? 0);
      const page = keys.slice(from, from + 2);
      const truncated = from + 2 < keys.length;
      const contents = page
        .map(
          (k) => `<Contents><Key>${k}</Key><LastModified>2026-01-01T00:00:00.000Z</LastModified></Contents>`,
        )
        .join('');
      return answer(
        200,
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix>${contents}<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${from + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
        'application/xml',
      );
    }
    const key = decodeURIComponent(rest.join('/'));
    if (!key) return answer(400, xmlError('InvalidRequest', 'A key is required'));

    // Multipart upload: CreateMultipartUpload, UploadPart, CompleteMultipartUpload, AbortMultipartUpload.
    if (request.method === 'POST' && query.has('uploads')) {
      const uploadId = `upload-${uploads.size + 1}`;
      uploads.set(uploadId, new Map());
      return answer(
        200,
        `<InitiateMultipartUploadResult><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    const uploadId = query.get('uploadId');
    if (uploadId !== null) {
      const parts = uploads.get(uploadId);
      if (!parts) return answer(404, xmlError('NoSuchUpload', 'The specified upload does not exist.'));
      if (request.method === 'PUT') {
        const etag = `"etag-${query.get('partNumber')}"`;
        parts.set(Number(query.get('partNumber')), body);
        requests.push({ method: 'PUT', url: request.url ?? '', status: 200 });
        response.writeHead(200, { etag });
        return response.end();
      }
      if (request.method === 'DELETE') {
        uploads.delete(uploadId);
        return answer(204);
      }
      const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
        Number(m[1]),
      );
      objects.set(key, {
        bytes: Buffer.concat(numbers.map((n) => parts.get(n) ?? Buffer.alloc(0))),
        contentType: 'binary/octet-stream',
      });
      uploads.delete(uploadId);
      return answer(200, '<CompleteMultipartUploadResult></CompleteMultipartUploadResult>');
    }

    switch (request.method) {
      case 'PUT':
        objects.set(key, {
          bytes: body,
          contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
        });
        return answer(200);
      case 'GET': {
        const object = objects.get(key);
        if (!object) return answer(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
        return answer(200, object.bytes, object.contentType);
      }
      case 'DELETE':
        objects.delete(key);
        return answer(204);
      default:
        return answer(405, xmlError('MethodNotAllowed', 'Not supported here'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    ...credentials,
    objects,
    requests,
    failNext(n) {
      failures = n;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
