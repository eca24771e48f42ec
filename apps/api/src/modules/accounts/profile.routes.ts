import multipart from '@fastify/multipart';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  ZEnvelope,
  ZProfileFields,
  ZProfileUpdated,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { multipartLimits, receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';
import type { ProfileService } from './profile.service.ts';

/** The form: names, and an optional picture checked by content and re-encoded by the service. */
const PROFILE_FORM: UploadSpec = {
  files: {
    profile_image: {
      label: 'Profile image',
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
      tooLarge: PROFILE_IMAGE_TOO_LARGE,
    },
  },
  fields: ['firstName', 'lastName'],
};

/**
 * POST /api/v1/secure/update-partner-profile, multipart/form-data: firstName, lastName and an
 * optional profile_image (PNG, JPEG, GIF or WebP by content, at most 5 MB), stored as a 512 px WebP
 * whose URL path (/api/v1/files/...) is the answer's profileImage. Carriers and admins update their
 * own profile through the same call.
 */
export function profileRoutes(profiles: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, multipartLimits(PROFILE_FORM));

    app.post(
      '/update-partner-profile',
      {
        config: { action: 'profile.update' },
        schema: {
          tags: ['accounts'],
          summary:
            'Update partner profile (multipart/form-data): firstName, lastName, profile_image (PNG/JPEG/GIF/WebP, 5 MB; stored as a 512 px WebP).',
          consumes: ['multipart/form-data'],
          response: { 200: ZEnvelope(ZProfileUpdated) },
        },
      },
      async (request) => {
        const { files, fields } = await receiveUpload(request, PROFILE_FORM);
        const image = files.profile_image?.bytes;
        const parsed = ZProfileFields.safeParse(fields);
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
