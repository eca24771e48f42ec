import { seedDemoData } from '../../platform/db/seed/index.ts';
import { defineModule } from '../../platform/module.ts';
import { createCounters } from '../../platform/security/counters.ts';
import { createAccountsRepository, createProfileRepository } from './accounts.repository.ts';
import { accountsPublicRoutes, accountsSecureRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';
import { createManagedUsersRepository } from './managed-users.repository.ts';
import { managedUsersRoutes } from './managed-users.routes.ts';
import { createManagedUsersService } from './managed-users.service.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';

/**
 * Accounts (decision 0007): sign-up, email verification, set password and resend under
 * /api/v1/accounts; the first-time flow, organisation and profile updates, change password and
 * user management under the secure prefix.
 */
export const accountsModule = defineModule({
  name: 'accounts',
  create({ config, database, mail, audit, verifier, storage, log }) {
    const repository = createAccountsRepository(database.db);
    const forgetUser = (userId: string) => verifier.forgetUser(userId);
    const accounts = createAccountsService({
      database,
      repository,
      counters: createCounters(database.sql),
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
    const profiles = createProfileService({
      repository: createProfileRepository(database.db),
      storage,
      log: log.child({ component: 'profile' }),
    });
    return {
      publicRoutes: [async (api) => api.register(accountsPublicRoutes(accounts), { prefix: '/accounts' })],
      secureRoutes: [
        accountsSecureRoutes(accounts),
        profileRoutes(profiles),
        managedUsersRoutes(managedUsers),
      ],
      storedFiles: [profiles.storedFiles],
    };
  },
  seed: {
    /** The demo organisations and one account per role (README "Demo accounts"). */
    demo: async ({ database }) => ({ ...(await seedDemoData(database)) }),
  },
});
