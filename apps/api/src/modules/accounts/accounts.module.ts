import { z } from 'zod';
import { createSecretBox } from '../../platform/auth/secret-box.ts';
import { createTwoFactor } from '../../platform/auth/two-factor.service.ts';
import { seedDemoData } from '../../platform/db/seed/index.ts';
import { defineQueues } from '../../platform/jobs/queues.ts';
import { defineModule } from '../../platform/module.ts';
import { createCounters } from '../../platform/security/counters.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import { seedDemoTwoFactor } from './account-security.seed.ts';
import { createAccountSecurityService } from './account-security.service.ts';
import { createAccountsRepository, createProfileRepository } from './accounts.repository.ts';
import { accountsPublicRoutes, accountsSecureRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';
import { createManagedUsersRepository } from './managed-users.repository.ts';
import { managedUsersRoutes } from './managed-users.routes.ts';
import { createManagedUsersService } from './managed-users.service.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';

const ACCOUNTS_QUEUES = defineQueues({
  /** Mails a password reset link if the email has an account (the request's answer is the same either way). */
  'accounts.send-password-reset': z.object({ email: z.email(), ip: z.string().max(64) }).strict(),
});

/**
 * Accounts (decision 0007): sign-up, email verification, set password, forgot password and resend
 * under /api/v1/accounts; the first-time flow, organisation and profile updates, change password,
 * two-factor sign-in (decision 0036) and user management under the secure prefix.
 */
export const accountsModule = defineModule({
  name: 'accounts',
  queues: ACCOUNTS_QUEUES,
  create({ config, database, jobs, mail, audit, verifier, storage, log }) {
    const repository = createAccountsRepository(database.db);
    const counters = createCounters(database.sql);
    const forgetUser = (userId: string) => verifier.forgetUser(userId);
    const accounts = createAccountsService({
      database,
      repository,
      counters,
      mail,
      audit,
      publicUrl: config.PUBLIC_URL,
      forgetUser,
    });
    const managedUsers = createManagedUsersService({
      database,
      repository: createManagedUsersRepository(database.db),
      accounts: repository,
      mail,
      audit,
      publicUrl: config.PUBLIC_URL,
      brandName: config.BRAND_NAME,
      forgetUser,
    });
    const resets = createPasswordResetService({
      database,
      repository,
      counters,
      mail,
      audit,
      queueResetMail: (request) => jobs.send('accounts.send-password-reset', request),
      publicUrl: config.PUBLIC_URL,
      forgetUser,
    });
    const security = createAccountSecurityService({
      database,
      repository,
      twoFactor: createTwoFactor({
        db: database.db,
        box: createSecretBox(database, config.TWO_FACTOR_KEY),
        brandName: config.BRAND_NAME,
      }),
      counters,
      mail,
      audit,
      builtInSignIn: config.builtInOidc,
    });
    const profiles = createProfileService({
      repository: createProfileRepository(database.db),
      storage,
      log: log.child({ component: 'profile' }),
    });
    return {
      publicRoutes: [
        async (api) => {
          await api.register(accountsPublicRoutes(accounts), { prefix: '/accounts' });
          await api.register(passwordResetRoutes(resets), { prefix: '/accounts' });
        },
      ],
      secureRoutes: [
        accountsSecureRoutes(accounts),
        profileRoutes(profiles),
        managedUsersRoutes(managedUsers, config.BRAND_NAME),
        accountSecurityRoutes(security),
      ],
      jobs: {
        'accounts.send-password-reset': {
          handler: (payload) => resets.mailResetLink(payload),
          retryLimit: 5,
        },
      },
      storedFiles: [profiles.storedFiles],
    };
  },
  seed: {
    /** The demo organisations and one account per role (README "Demo accounts"). */
    demo: async ({ config, database }) => ({
      ...(await seedDemoData(database)),
      ...(await seedDemoTwoFactor(database, config)),
    }),
  },
});
