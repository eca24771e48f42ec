import multipart from '@fastify/multipart';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TOO_LARGE, ZEnvelope } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import {
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { ProfileService } from './profile.service.ts';

const ZName = (label: string) =>
  z.string().trim().min(1, `${label} is required.`).max(80, `${label} is at most 80 characters.`);

/**
 * POST /api/v1/secure/update-partner-profile, multipart/form-data: firstName, lastName and an
 * optional profile_image (PNG, JPEG, GIF or WebP by content, at most 5 MB), stored as a 512 px WebP
 * whose URL path (/api/v1/files/...) is the answer's profileImage. Carriers and admins update their
 * own profile through the same call.
 */
export function profileRoutes(profiles: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });

    app.post(
      '/update-partner-profile',
      {
        config: { action: 'profile.update' },
        schema: {
          tags: ['accounts'],
          summary:
            'Update partner profile (multipart/form-data): firstName, lastName, profile_image (PNG/JPEG/GIF/WebP, 5 MB; stored as a 512 px WebP).',
          consumes: ['multipart/form-data'],
          response: { 200: ZEnvelope(z.object({ profileImage: z.string().nullable() })) },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new UnsupportedMediaTypeError('Send the profile as multipart/form-data.');
        const fields: Record<string, string> = {};
        let image: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'profile_image')
                throw new BadRequestError(`Unexpected file field '${part.fieldname}'.`);
              const bytes = await part.toBuffer();
              if (bytes.length > 0) image = bytes;
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          if (error instanceof app.multipartErrors.RequestFileTooLargeError)
            throw new PayloadTooLargeError(PROFILE_IMAGE_TOO_LARGE);
          throw error;
        }
        const parsed = z
          .object({ firstName: ZName('First name').optional(), lastName: ZName('Last name').optional() })
          .safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new BadRequestError(
            issue?.message ?? 'Invalid profile.',
            parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
          );
        }
        if (!image && parsed.data.firstName === undefined && parsed.data.lastName === undefined) {
          throw new BadRequestError('Payload is required');
        }
        const updated = await profiles.update(userOf(request), { ...parsed.data, image });
        return ok(updated, 'Profile updated');
      },
    );
  };
}
