import { defineModule } from '../../platform/module.ts';
import { createCounters } from '../../platform/security/counters.ts';
import { createOtpDelivery } from './otp.delivery.ts';
import { createOtpRepository } from './otp.repository.ts';
import { otpRoutes } from './otp.routes.ts';
import { createOtpService } from './otp.service.ts';

/** One-time passwords for a number, sent over RCS where capable and SMS otherwise (decision 0012). */
export const otpModule = defineModule({
  name: 'otp',
  create({ database, connectors, config, log }) {
    const otp = createOtpService({
      repository: createOtpRepository(database.db),
      counters: createCounters(database.sql),
      delivery: createOtpDelivery(connectors, log.child({ component: 'otp' })),
      brandName: config.BRAND_NAME,
    });
    return { secureRoutes: [otpRoutes(otp)] };
  },
});
