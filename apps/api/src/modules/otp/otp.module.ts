import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { createCounters } from '../../platform/security/counters.ts';
import { createOtpRepository } from './otp.repository.ts';
import { otpRoutes } from './otp.routes.ts';
import { createOtpService } from './otp.service.ts';

/** The OTP module: its service and its secure routes. */
export function createOtpModule({ database, mail }: { database: Database; mail: Mailer }) {
  const otp = createOtpService({
    repository: createOtpRepository(database.db),
    counters: createCounters(database.sql),
    mail,
  });
  return { otp, secureRoutes: otpRoutes(otp) as FastifyPluginAsyncZod };
}
