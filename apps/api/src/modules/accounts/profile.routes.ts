import multipart from '@fastify/multipart';
import { ZEnvelope } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { ok } from '../../platform/http/envelope.ts';
import {
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { ProfileRepository } from './accounts.repository.ts';
import { imageTypeOf, PROFILE_IMAGE_MAX_BYTES } from './profile-image.ts';

const ZName = (label: string) =>
  z.string().trim().min(1, `${label} is required.`).max(80, `${label} is at most 80 characters.`);
const TOO_LARGE = `The profile image is too large: at most ${PROFILE_IMAGE_MAX_BYTES / 1024} KB. Choose a smaller image.`;

/**
 * POST /api/v1/secure/update-partner-profile, multipart/form-data: firstName, lastName and an
 * optional profile_image (PNG, JPEG, GIF or WebP by content, at most 256 KB). Carriers and admins
 * update their own profile through the same call.
 */
export function profileRoutes(repository: ProfileRepository): FastifyPluginAsyncZod {
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
            'Update partner profile (multipart/form-data): firstName, lastName, profile_image (PNG/JPEG/GIF/WebP, 256 KB).',
          consumes: ['multipart/form-data'],
          response: { 200: ZEnvelope(z.object({ profileImage: z.string().nullable() })) },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new UnsupportedMediaTypeError('Send the profile as multipart/form-data.');
        const fields: Record<string, string> = {};
        let image: string | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'profile_image')
                throw new BadRequestError(`Unexpected file field '${part.fieldname}'.`);
              const bytes = await part.toBuffer();
              if (bytes.length === 0) continue;
              const type = imageTypeOf(bytes);
              if (!type)
                throw new BadRequestError('The profile image must be a PNG, JPEG, GIF or WebP picture.');
              image = `data:${type};base64,${bytes.toString('base64')}`;
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          if (error instanceof app.multipartErrors.RequestFileTooLargeError)
            throw new PayloadTooLargeError(TOO_LARGE);
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
        const user: AuthenticatedUser = userOf(request);
        await repository.update({
          userId: user.userId,
          partnerId: user.partnerId,
          ...parsed.data,
          profileImage: image,
        });
        return ok({ profileImage: image ?? null }, 'Profile updated');
      },
    );
  };
}
