import { randomBytes } from 'node:crypto';
import {
  PROFILE_IMAGE_TOO_MANY_PIXELS,
  PROFILE_IMAGE_UNREADABLE,
  PROFILE_IMAGE_WRONG_TYPE,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import {
  BadRequestError,
  PayloadTooLargeError,
  ServiceUnavailableError,
} from '../../platform/http/errors.ts';
import { fileKeyOf, fileUrlOf, type Storage } from '../../platform/storage/index.ts';
import type { StoredFiles } from '../../platform/storage/sweep.ts';
import type { ProfileRepository } from './accounts.repository.ts';
import { imageTypeOf, ProfileImageError, toProfileWebp } from './profile-image.ts';

export interface ProfileServiceDeps {
  repository: ProfileRepository;
  storage: Storage;
  log: FastifyBaseLogger;
}

export interface ProfileUpdate {
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** The uploaded file as sent (checked and re-encoded here). */
  image?: Uint8Array | undefined;
}

const IMAGES_BUSY = 'Many pictures are being saved right now. Try again in a moment.';

/** Where a partner's profile images live in storage: a fresh random name per upload. */
/** Where profile images are stored: one folder per partner under this prefix. */
export const PROFILE_IMAGES_PREFIX = 'profile-images/';
const profileImagePrefix = (partnerId: string) => `${PROFILE_IMAGES_PREFIX}${partnerId}/`;

/**
 * Updating one's profile: names, and a picture that is checked by content, re-encoded as a
 * 512 px WebP, stored under a new key and referenced by its URL path; the picture it replaces is
 * deleted once the new one is saved (data: URIs of older profiles are simply overwritten).
 */
export function createProfileService({ repository, storage, log }: ProfileServiceDeps) {
  async function storeImage(partnerId: string, upload: Uint8Array) {
    if (!imageTypeOf(upload)) throw new BadRequestError(PROFILE_IMAGE_WRONG_TYPE);
    let webp: Buffer;
    try {
      webp = (await toProfileWebp(upload)).bytes;
    } catch (error) {
      if (!(error instanceof ProfileImageError)) throw error;
      log.info({ reason: error.message }, 'profile image refused');
      if (error.reason === 'too-many-pixels') throw new PayloadTooLargeError(PROFILE_IMAGE_TOO_MANY_PIXELS);
      if (error.reason === 'busy') throw new ServiceUnavailableError(IMAGES_BUSY);
      throw new BadRequestError(PROFILE_IMAGE_UNREADABLE);
    }
    const key = `${profileImagePrefix(partnerId)}${randomBytes(16).toString('base64url')}.webp`;
    await storage.put(key, webp, 'image/webp');
    return { key, url: fileUrlOf(key) };
  }

  /** Storage is cleaned up on a best-effort basis: a leftover file costs bytes, never correctness. */
  async function removeQuietly(key: string) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not delete a stored file');
    }
  }

  return {
    /** The stored profile images the sweep must keep: those a partner still shows. */
    storedFiles: {
      prefix: PROFILE_IMAGES_PREFIX,
      async referenced(keys) {
        const inUse = await repository.profileImagesInUse(keys.map(fileUrlOf));
        return new Set(keys.filter((key) => inUse.has(fileUrlOf(key))));
      },
    } satisfies StoredFiles,

    async update(user: AuthenticatedUser, input: ProfileUpdate): Promise<{ profileImage: string | null }> {
      const stored = input.image ? await storeImage(user.partnerId, input.image) : null;
      let previous: string | null;
      try {
        ({ previousProfileImage: previous } = await repository.update({
          userId: user.userId,
          partnerId: user.partnerId,
          firstName: input.firstName,
          lastName: input.lastName,
          profileImage: stored?.url,
        }));
      } catch (error) {
        if (stored) await removeQuietly(stored.key);
        throw error;
      }
      const previousKey = previous ? fileKeyOf(previous) : null;
      if (
        stored &&
        previousKey &&
        previousKey !== stored.key &&
        previousKey.startsWith(profileImagePrefix(user.partnerId))
      ) {
        await removeQuietly(previousKey);
      }
      return { profileImage: stored?.url ?? null };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
