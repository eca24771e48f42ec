import {
  mediaTypeOf,
  multipartRelatedParts,
  RBM_FILE_LIMITS,
  rbmFileProblem,
  ZRbmFile,
  ZRbmFileQuery,
  ZRbmFileRequest,
  ZWebUrl,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileUpload } from '../../networks/types.ts';
import type { PartnerSendsService } from './partner-sends.service.ts';
import { agentOfCaller, GOOGLE_ERRORS, googleErrors, invalid, PARTNER_CALL } from './rbm-shape.ts';
import { bearerOf } from './shapes.ts';

/**
 * Google's RBM files.create for a bot's agent: the bytes at the upload URI
 * (`POST /upload/v1/files`, raw with `uploadType=media` or multipart/related after the JSON
 * metadata with `uploadType=multipart`, as googleapis-common sends them) or a URL at the metadata
 * URI (`POST /v1/files`). Google's limits (types, 100 MB) are checked before the connector uploads;
 * the answer is Google's File, whose name the partner then sends in `uploadedRbmFile`.
 */

const MAX_BYTES = RBM_FILE_LIMITS.maxBytes;

/** A thumbnail URL checked as Google asks: https (the network fetches it; an image, jpeg/gif/png). */
function thumbnailOf(url: string | undefined): { thumbnailUrl?: string } {
  if (url === undefined) return {};
  if (!ZWebUrl.safeParse(url).success) invalid('thumbnailUrl must be an https:// address.');
  return { thumbnailUrl: url };
}

/** The file of an upload URI request: raw bytes, or multipart/related (JSON metadata, then the file). */
function uploadOf(body: unknown, contentType: string | undefined): { file: FileUpload; agentId?: string } {
  // Text arrives as a string (Fastify's own text/plain parser); its type is refused below.
  if (typeof body === 'string') body = Buffer.from(body);
  if (!Buffer.isBuffer(body)) return invalid('Send the file bytes with their Content-Type.');
  let bytes: Uint8Array = body;
  let type = mediaTypeOf(contentType);
  let metadata: { thumbnailUrl?: string | undefined; agentId?: string | undefined } = {};
  if (type === 'multipart/related') {
    const parts = multipartRelatedParts(body, contentType ?? '');
    const [meta, file] = parts ?? [];
    if (!meta || !file || parts?.length !== 2)
      return invalid('A multipart upload is two parts: the JSON metadata, then the file.');
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(meta.body));
    } catch {
      return invalid('The metadata part is not JSON.');
    }
    const parsed = ZRbmFileRequest.safeParse(json);
    if (!parsed.success) return invalid('The metadata part is not a files.create request.');
    if (parsed.data.fileUrl !== undefined)
      invalid('An upload sends the file itself: leave fileUrl out, or send it to /v1/files.');
    metadata = parsed.data;
    bytes = file.body;
    type = mediaTypeOf(file.contentType);
  }
  const problem = rbmFileProblem({ contentType: type, size: bytes.length });
  if (problem) invalid(problem);
  return {
    file: { bytes: new Uint8Array(bytes), contentType: type, ...thumbnailOf(metadata.thumbnailUrl) },
    ...(metadata.agentId ? { agentId: metadata.agentId } : {}),
  };
}

/** The file of a metadata URI request: {fileUrl, thumbnailUrl?, agentId?}. */
function byUrl(body: unknown, agentInQuery: string | undefined) {
  const parsed = ZRbmFileRequest.safeParse(body);
  if (!parsed.success) return invalid('Send {"fileUrl": "https://...", "thumbnailUrl"?: "https://..."}.');
  const { fileUrl, thumbnailUrl, agentId } = parsed.data;
  if (fileUrl === undefined)
    return invalid('fileUrl is required here; upload the bytes to /upload/v1/files instead.');
  if (!ZWebUrl.safeParse(fileUrl).success) return invalid('fileUrl must be an https:// address.');
  return { file: { fileUrl, ...thumbnailOf(thumbnailUrl) }, agentIds: [agentInQuery, agentId] };
}

/** The file routes under `prefix` (RBM_PREFIX: also at the Google origin's root). */
export function rbmFileRoutes(sends: PartnerSendsService, prefix: string): FastifyPluginAsyncZod {
  return async (app) => {
    // Any type but JSON arrives as bytes (its type is checked against Google's list by the route).
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BYTES + 64 * 1024 }, (_r, body, done) =>
      done(null, body),
    );

    googleErrors(app);
    // Up to 100 MB is read only for a caller with a valid token: the token is checked first.
    app.addHook('onRequest', async (request) => {
      await sends.authenticate(bearerOf(request.headers.authorization));
    });

    /** Google's File, when the query's or the metadata's agent id (if any) is the token's own. */
    async function create(
      authorization: string | undefined,
      read: () => { file: FileUpload; agentIds: (string | undefined)[] },
    ) {
      const caller = await sends.authenticate(bearerOf(authorization));
      const { file, agentIds } = read();
      const sender = await agentOfCaller(sends, caller, ...agentIds);
      return { name: await sends.upload(caller, { network: 'rbm', sender, file }) };
    }

    app.post(
      `${prefix}/upload/v1/files`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: upload a file's bytes for the bot's agent (files.create, upload URI: uploadType=media or multipart); not charged",
          querystring: ZRbmFileQuery,
          response: { 200: ZRbmFile, ...GOOGLE_ERRORS },
        },
      },
      async (request) =>
        create(request.headers.authorization, () => {
          // JSON here is a file by URL, as at the metadata URI.
          if (mediaTypeOf(request.headers['content-type']) === 'application/json')
            return byUrl(request.body, request.query.agentId);
          const { file, agentId } = uploadOf(request.body, request.headers['content-type']);
          return { file, agentIds: [request.query.agentId, agentId] };
        }),
    );

    app.post(
      `${prefix}/v1/files`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: a file by URL for the bot's agent (files.create, metadata URI: {fileUrl, thumbnailUrl}); not charged",
          querystring: ZRbmFileQuery,
          response: { 200: ZRbmFile, ...GOOGLE_ERRORS },
        },
      },
      async (request) =>
        create(request.headers.authorization, () => byUrl(request.body, request.query.agentId)),
    );
  };
}
