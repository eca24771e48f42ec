import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Connectors } from '../../networks/index.ts';
import type { Database } from '../../platform/db/index.ts';
import { createCounters } from '../../platform/security/counters.ts';
import { createOtpDelivery } from './otp.delivery.ts';
import { createOtpRepository } from './otp.repository.ts';
import { otpRoutes } from './otp.routes.ts';
import { createOtpService } from './otp.service.ts';

/** The OTP module: its service (codes sent over RCS or SMS) and its secure routes. */
export function createOtpModule(deps: {
  database: Database;
  connectors: Connectors;
  brandName: string;
  log: FastifyBaseLogger;
}) {
  const otp = createOtpService({
    repository: createOtpRepository(deps.database.db),
    counters: createCounters(deps.database.sql),
    delivery: createOtpDelivery(deps.connectors, deps.log.child({ component: 'otp' })),
    brandName: deps.brandName,
  });
  return { otp, secureRoutes: otpRoutes(otp) as FastifyPluginAsyncZod };
}
