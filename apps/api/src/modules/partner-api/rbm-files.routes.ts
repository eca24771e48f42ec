import {
  RBM_FILE_LIMITS,
  type TGoogleApiError,
  ZGoogleApiError,
  ZRbmFile,
  ZRbmFileQuery,
  ZRbmFileRequest,
  ZWebUrl,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileUpload } from '../../networks/types.ts';
import type { PartnerCaller } from '../partner-credentials/partner-credentials.service.ts';
import { type PartnerSendsService, SendRefused } from './partner-sends.service.ts';
import { bearerOf, googleRefusal, invalidArgument } from './rbm-shape.ts';

/**
 * Google's RBM files.create for a bot's agent: the bytes at the upload URI
 * (`POST /upload/v1/files`, raw with `uploadType=media` or multipart/related after the JSON
 * metadata with `uploadType=multipart`, as googleapis-common sends them) or a URL at the metadata
 * URI (`POST /v1/files`). Google's limits (types, 100 MB) are checked before the connector uploads;
 * the answer is Google's File, whose name the partner then sends in `uploadedRbmFile`.
 */

const MAX_BYTES = RBM_FILE_LIMITS.maxBytes;
const FILE_TYPES: ReadonlySet<string> = new Set(RBM_FILE_LIMITS.contentTypes);

/** The media type of a Content-Type header, lower case, without parameters. */
const mediaType = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** The parts of a multipart/related body (each its content type and bytes), or null when malformed. */
function multipartParts(body: Buffer, contentType: string): { contentType: string; body: Buffer }[] | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { contentType: string; body: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return parts;
    const next = body.indexOf(delimiter, start);
    if (next === -1) return null;
    const part = body.subarray(start, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) return null;
    const headers = part.subarray(0, headerEnd).toString();
    // The part's body ends before the CRLF that precedes the next delimiter.
    const end = part.subarray(part.length - 2).toString() === '\r\n' ? part.length - 2 : part.length;
    parts.push({
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream',
      body: part.subarray(headerEnd + 4, end),
    });
    at = next;
  }
  return null;
}

class FileRefused extends Error {}
const refuse = (message: string): never => {
  throw new FileRefused(message);
};

/** A thumbnail URL checked as Google asks: https (the network fetches it; an image, jpeg/gif/png). */
function thumbnailOf(url: string | undefined): { thumbnailUrl?: string } {
  if (url === undefined) return {};
  if (!ZWebUrl.safeParse(url).success) refuse('thumbnailUrl must be an https:// address.');
  return { thumbnailUrl: url };
}

/** The file of an upload URI request: raw bytes, or multipart/related (JSON metadata, then the file). */
function uploadOf(body: unknown, contentType: string | undefined): { file: FileUpload; agentId?: string } {
  // Text arrives as a string (Fastify's own text/plain parser); its type is refused below.
  if (typeof body === 'string') body = Buffer.from(body);
  if (!Buffer.isBuffer(body)) return refuse('Send the file bytes with their Content-Type.');
  let bytes = body;
  let type = mediaType(contentType);
  let metadata: { thumbnailUrl?: string | undefined; agentId?: string | undefined } = {};
  if (type === 'multipart/related') {
    const parts = multipartParts(body, contentType ?? '');
    const [meta, file] = parts ?? [];
    if (!meta || !file || parts?.length !== 2)
      return refuse('A multipart upload is two parts: the JSON metadata, then the file.');
    let json: unknown;
    try {
      json = JSON.parse(meta.body.toString('utf8'));
    } catch {
      return refuse('The metadata part is not JSON.');
    }
    const parsed = ZRbmFileRequest.safeParse(json);
    if (!parsed.success) return refuse('The metadata part is not a files.create request.');
    if (parsed.data.fileUrl !== undefined)
      refuse('An upload sends the file itself: leave fileUrl out, or send it to /v1/files.');
    metadata = parsed.data;
    bytes = file.body;
    type = mediaType(file.contentType);
  }
  if (!FILE_TYPES.has(type))
    refuse(`Unsupported file type ${type || '(none)'}: RBM takes images, audio, video and PDF.`);
  if (bytes.length === 0) refuse('The file is empty.');
  if (bytes.length > MAX_BYTES) refuse('The file is larger than 100 MB, the largest file RBM sends.');
  return {
    file: { bytes: new Uint8Array(bytes), contentType: type, ...thumbnailOf(metadata.thumbnailUrl) },
    ...(metadata.agentId ? { agentId: metadata.agentId } : {}),
  };
}

/** The file of a metadata URI request: {fileUrl, thumbnailUrl?, agentId?}. */
function byUrl(body: unknown, agentInQuery: string | undefined) {
  const parsed = ZRbmFileRequest.safeParse(body);
  if (!parsed.success) return refuse('Send {"fileUrl": "https://...", "thumbnailUrl"?: "https://..."}.');
  const { fileUrl, thumbnailUrl, agentId } = parsed.data;
  if (fileUrl === undefined)
    return refuse('fileUrl is required here; upload the bytes to /upload/v1/files instead.');
  if (!ZWebUrl.safeParse(fileUrl).success) return refuse('fileUrl must be an https:// address.');
  return { file: { fileUrl, ...thumbnailOf(thumbnailUrl) }, agentIds: [agentInQuery, agentId] };
}

/** The file routes under `prefix` (RBM_PREFIX: also at the Google origin's root). */
export function rbmFileRoutes(sends: PartnerSendsService, prefix: string): FastifyPluginAsyncZod {
  return async (app) => {
    // Any type but JSON arrives as bytes (its type is checked against Google's list by the route).
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BYTES + 64 * 1024 }, (_r, body, done) =>
      done(null, body),
    );

    // Up to 100 MB is read only for a caller with a valid token: the token is checked first.
    app.addHook('onRequest', async (request, reply) => {
      try {
        await sends.authenticate(bearerOf(request.headers.authorization));
      } catch (error) {
        if (!(error instanceof SendRefused)) throw error;
        const { status, body } = googleRefusal(error.refusal);
        return reply.code(status).send(body);
      }
    });

    /** The caller's agent, when the query's or the metadata's agent id is the token's own. */
    async function ownSender(caller: PartnerCaller, ...agentIds: (string | undefined)[]) {
      const sender = await sends.senderOfCaller(caller, 'rbm');
      if (!sender || agentIds.some((id) => id !== undefined && id !== sender))
        throw new SendRefused({ reason: 'not_found', detail: agentIds.find(Boolean) ?? '' });
      return sender;
    }

    /** Google's File, or the refusal in Google's words and status. */
    async function create(
      authorization: string | undefined,
      read: () => { file: FileUpload; agentIds: (string | undefined)[] },
    ): Promise<{ name: string } | { status: number; body: TGoogleApiError }> {
      try {
        const caller = await sends.authenticate(bearerOf(authorization));
        const { file, agentIds } = read();
        const sender = await ownSender(caller, ...agentIds);
        return { name: await sends.upload(caller, { network: 'rbm', sender, file }) };
      } catch (error) {
        if (error instanceof FileRefused) return invalidArgument(error.message);
        if (error instanceof SendRefused) return googleRefusal(error.refusal);
        throw error;
      }
    }

    app.post(
      `${prefix}/upload/v1/files`,
      {
        config: { xsrf: false, rateLimit: false },
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: upload a file's bytes for the bot's agent (files.create, upload URI: uploadType=media or multipart); not charged",
          querystring: ZRbmFileQuery,
          response: { 200: ZRbmFile, '4xx': ZGoogleApiError, '5xx': ZGoogleApiError },
        },
      },
      async (request, reply) => {
        const answer = await create(request.headers.authorization, () => {
          // JSON here is a file by URL, as at the metadata URI.
          if (mediaType(request.headers['content-type']) === 'application/json')
            return byUrl(request.body, request.query.agentId);
          const { file, agentId } = uploadOf(request.body, request.headers['content-type']);
          return { file, agentIds: [request.query.agentId, agentId] };
        });
        // Any 4xx or 5xx: the response schema covers them all with Google's error shape.
        return 'status' in answer ? reply.code(answer.status as 400).send(answer.body) : answer;
      },
    );

    app.post(
      `${prefix}/v1/files`,
      {
        config: { xsrf: false, rateLimit: false },
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: a file by URL for the bot's agent (files.create, metadata URI: {fileUrl, thumbnailUrl}); not charged",
          querystring: ZRbmFileQuery,
          response: { 200: ZRbmFile, '4xx': ZGoogleApiError, '5xx': ZGoogleApiError },
        },
      },
      async (request, reply) => {
        const answer = await create(request.headers.authorization, () =>
          byUrl(request.body, request.query.agentId),
        );
        return 'status' in answer ? reply.code(answer.status as 400).send(answer.body) : answer;
      },
    );
  };
}
