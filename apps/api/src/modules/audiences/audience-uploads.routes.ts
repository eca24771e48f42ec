import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { AUDIENCE_MAX_BYTES, audienceFileProblem } from '@portico/domain';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
} from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { AudiencesService } from './audiences.service.ts';

/** Where the tus protocol is served (the Location of a new upload is this plus its id). */
export const AUDIENCE_UPLOADS_PATH = '/api/v1/secure/audiences/uploads';
/** An unfinished upload is kept this long after it was created, then swept. */
const UNFINISHED_KEPT_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const TUS_VERSION = '1.0.0';

const tags = ['audiences'];
const ZUploadParams = z.object({
  uploadId: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'Not an upload id.')
    .describe('The upload id (the last segment of the Location the creation answered)'),
});

/** tus's Upload-Metadata: `key base64,key base64` (a key alone has no value). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Resumable audience uploads (tus 1.0 by @tus/server, decision 0040): creation, HEAD, PATCH and
 * termination behind the secure scope (session, XSRF, the audiences.write action and its approval
 * gate run first). Unfinished uploads are staged in `directory` by @tus/file-store and belong to
 * the partner that created them (another partner's id is 404); once whole, the file is streamed to
 * the configured storage and the audience with its check job is made, once per upload id.
 */
export function audienceUploadsRoutes(
  service: AudiencesService,
  options: { directory: string; log: { error: (o: object, m: string) => void } },
): FastifyPluginAsyncZod {
  const users = new WeakMap<object, AuthenticatedUser>();
  const datastore = new FileStore({
    directory: options.directory,
    expirationPeriodInMilliseconds: UNFINISHED_KEPT_MS,
  });
  const stagedPath = (id: string) => path.join(options.directory, id);

  const userOfTus = (req: {
    runtime?: { node?: { req: object } | undefined } | undefined;
  }): AuthenticatedUser => {
    const raw = req.runtime?.node?.req;
    const user = raw && users.get(raw);
    if (!user) throw { status_code: 401, body: 'Authentication failed.' };
    return user;
  };

  async function complete(user: AuthenticatedUser, upload: Upload) {
    try {
      const audience = await service.completeUpload(user, {
        uploadId: upload.id,
        fileName: upload.metadata?.filename ?? '',
        name: upload.metadata?.name ?? undefined,
        open: () => createReadStream(stagedPath(upload.id)),
      });
      await datastore.remove(upload.id).catch(() => undefined);
      return audience;
    } catch (error) {
      // A file refused for what it is (binary, wrong type) will never pass: its staged copy goes.
      if (error instanceof AppError && error.httpStatus < 500)
        await datastore.remove(upload.id).catch(() => undefined);
      throw error;
    }
  }

  const tus = new Server({
    path: AUDIENCE_UPLOADS_PATH,
    datastore,
    maxSize: AUDIENCE_MAX_BYTES,
    relativeLocation: true,
    // Same origin only: no Access-Control-Allow-Origin at all.
    allowedOrigins: [],
    namingFunction: () => randomUUID().replaceAll('-', ''),
    async onUploadCreate(req, upload) {
      const user = userOfTus(req);
      // The owner is the server's word, whatever the client put in its metadata.
      return { metadata: { ...upload.metadata, partner_id: user.partnerId, user_id: user.userId } };
    },
    async onUploadFinish(req, upload) {
      const user = userOfTus(req);
      try {
        const audience = await complete(user, upload);
        return { headers: { 'Audience-Id': audience.audience_id } };
      } catch (error) {
        if (error instanceof AppError)
          throw {
            status_code: error.httpStatus,
            body: JSON.stringify({ status_code: 11, message: error.message, data: null }),
          };
        options.log.error(
          { err: error, uploadId: upload.id },
          'audience upload completion failed; a HEAD retries it',
        );
        throw error;
      }
    },
  });

  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    tus
      .cleanUpExpiredUploads()
      .catch((error: unknown) => options.log.error({ err: error }, 'sweeping unfinished uploads failed'));
  };

  /** The caller's own unfinished upload, or 404 (another partner's is not found either). */
  async function ownUpload(user: AuthenticatedUser, uploadId: string): Promise<Upload | null> {
    const upload = await datastore.getUpload(uploadId).catch(() => null);
    if (!upload) return null;
    if (upload.metadata?.partner_id !== user.partnerId) throw new NotFoundError('Upload not found.');
    return upload;
  }

  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    users.set(request.raw, userOf(request));
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  return async (app) => {
    // tus bodies are raw bytes for @tus/server to stream to the staging file: nothing parses them.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    app.post(
      '/audiences/uploads',
      {
        config: { action: 'audiences.write' },
        schema: {
          tags,
          summary:
            'Starts a resumable audience upload (tus 1.0 creation: Upload-Length, Upload-Metadata `filename` and optional `name`); answers 201 with its Location',
        },
      },
      async (request, reply) => {
        const metadata = parseUploadMetadata(header(request, 'upload-metadata'));
        const length = header(request, 'upload-length');
        if (header(request, 'upload-defer-length') || !length || !/^\d{1,15}$/.test(length))
          throw new BadRequestError(
            'Say the file size in Upload-Length: an upload of unknown size is not accepted.',
          );
        const bytes = Number(length);
        const problem = audienceFileProblem(metadata.filename ?? '', bytes);
        if (problem) {
          if (bytes > AUDIENCE_MAX_BYTES) throw new PayloadTooLargeError(problem);
          throw new BadRequestError(problem);
        }
        sweep();
        await handOver(request, reply);
      },
    );

    app.head(
      '/audiences/uploads/:uploadId',
      {
        config: { action: 'audiences.write' },
        schema: {
          tags,
          summary: 'How much of the upload the server has (tus Upload-Offset)',
          params: ZUploadParams,
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const upload = await ownUpload(user, request.params.uploadId);
        if (!upload) {
          // Completed already (its staged copy handed to storage): it is whole.
          const audience = await service.uploadedAudience(user, request.params.uploadId);
          if (!audience) throw new NotFoundError('Upload not found.');
          return reply
            .headers({
              'tus-resumable': TUS_VERSION,
              'upload-offset': String(audience.bytes),
              'upload-length': String(audience.bytes),
              'audience-id': audience.audience_id,
              'cache-control': 'no-store',
            })
            .code(200)
            .send();
        }
        // Whole but not yet handed over (the last PATCH's completion failed): complete it now.
        if (upload.size !== undefined && upload.offset === upload.size) {
          const audience = await complete(user, upload);
          return reply
            .headers({
              'tus-resumable': TUS_VERSION,
              'upload-offset': String(upload.size),
              'upload-length': String(upload.size),
              'audience-id': audience.audience_id,
              'cache-control': 'no-store',
            })
            .code(200)
            .send();
        }
        await handOver(request, reply);
      },
    );

    app.patch(
      '/audiences/uploads/:uploadId',
      {
        config: { action: 'audiences.write' },
        schema: {
          tags,
          summary:
            'Appends bytes at Upload-Offset (Content-Type application/offset+octet-stream); the last part starts the check',
          params: ZUploadParams,
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const upload = await ownUpload(user, request.params.uploadId);
        if (!upload) {
          if (await service.uploadedAudience(user, request.params.uploadId))
            throw new ConflictError('The upload is already complete.');
          throw new NotFoundError('Upload not found.');
        }
        await handOver(request, reply);
      },
    );

    app.delete(
      '/audiences/uploads/:uploadId',
      {
        config: { action: 'audiences.write' },
        schema: {
          tags,
          summary: 'Abandons an unfinished upload (tus termination): its bytes are deleted',
          params: ZUploadParams,
        },
      },
      async (request, reply) => {
        const upload = await ownUpload(userOf(request), request.params.uploadId);
        if (!upload) throw new NotFoundError('Upload not found.');
        await handOver(request, reply);
      },
    );
  };
}
