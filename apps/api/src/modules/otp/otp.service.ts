import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError, BadRequestError, TooManyRequestsError } from '../../platform/http/errors.ts';
import type { Counters } from '../../platform/security/counters.ts';
import type { OtpDelivery } from './otp.delivery.ts';
import type { OtpRepository } from './otp.repository.ts';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** Generation limits: per number and per account (partner), each a fixed window. */
export const OTP_LIMITS = {
  perNumber: { max: 3, windowMs: 10 * 60_000 },
  perAccount: { max: 30, windowMs: 60 * 60_000 },
} as const;

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest();

class OtpGoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

export interface OtpDeps {
  repository: OtpRepository;
  counters: Counters;
  delivery: OtpDelivery;
  /** Names the sender in the text: "123456 is your Portico verification code." */
  brandName: string;
  now?: () => Date;
}

/**
 * One-time passwords for an msisdn: 6 digits, hashed at rest, 10 minutes, 5 attempts, generation
 * limited per number and per account. The code goes to the number by RCS when it is capable,
 * otherwise by SMS (otp.delivery.ts).
 */
export function createOtpService(deps: OtpDeps) {
  const now = deps.now ?? (() => new Date());

  function normalise(input: string): string {
    const phone = parsePhoneNumberFromString(input.trim());
    if (!phone?.isValid()) {
      throw new BadRequestError(
        'Enter a valid mobile number with its country code, for example +919876543210.',
        [{ field: 'msisdn', message: 'Enter a valid mobile number with its country code.' }],
      );
    }
    return phone.number;
  }

  async function limit(key: string, rule: { max: number; windowMs: number }, message: string) {
    const at = now().getTime();
    const hit = await deps.counters.hit(key, rule.windowMs, at);
    if (hit.hits > rule.max) throw new TooManyRequestsError(message, Math.ceil((hit.resetAt - at) / 1000));
  }

  return {
    async channel(input: string) {
      const msisdn = normalise(input);
      return { msisdn, channel: await deps.delivery.channel(msisdn) };
    },

    async generate(user: AuthenticatedUser, input: string) {
      const msisdn = normalise(input);
      await limit(
        `otp:account:${user.partnerId}`,
        OTP_LIMITS.perAccount,
        'Your account has asked for too many codes. Please wait before asking again.',
      );
      await limit(
        `otp:number:${user.partnerId}:${msisdn}`,
        OTP_LIMITS.perNumber,
        'Too many codes were sent to this number. Please wait a few minutes before asking again.',
      );
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = randomUUID();
      const expiresAt = new Date(now().getTime() + OTP_TTL_MINUTES * 60_000);
      // Sent first, stored after: a code that could not be sent never replaces one that was.
      const channel = await deps.delivery.send(
        msisdn,
        `${code} is your ${deps.brandName} verification code. It expires in ${OTP_TTL_MINUTES} minutes. Do not share it.`,
      );
      await deps.repository.replace({
        id,
        partnerId: user.partnerId,
        msisdn,
        channel,
        codeHash: hashCode(id, code).toString('hex'),
        expiresAt,
      });
      return { msisdn, channel, expiresAt: expiresAt.toISOString() };
    },

    async validate(user: AuthenticatedUser, input: string, code: string) {
      const msisdn = normalise(input);
      const row = await deps.repository.latestOpen(user.partnerId, msisdn);
      if (!row) throw new OtpGoneError('No code is waiting for this number. Ask for a new one.');
      if (row.expiresAt.getTime() <= now().getTime())
        throw new OtpGoneError('The code has expired. Ask for a new one.');
      const attempts = await deps.repository.countAttempt(row.id);
      if (attempts > OTP_MAX_ATTEMPTS) throw new OtpGoneError('Too many wrong codes. Ask for a new one.');
      const matches = timingSafeEqual(hashCode(row.id, code), Buffer.from(row.codeHash, 'hex'));
      if (!matches) {
        const left = OTP_MAX_ATTEMPTS - attempts;
        throw new BadRequestError(
          left > 0
            ? `The code is not correct. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
            : 'The code is not correct, and that was the last attempt. Ask for a new one.',
        );
      }
      if (!(await deps.repository.consume(row.id)))
        throw new OtpGoneError('This code was already used. Ask for a new one.');
      return { msisdn, valid: true as const };
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
