import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Connectors } from '../../networks/index.ts';
import { createAuditRepository } from '../../platform/audit/audit.repository.ts';
import { auditRoutes } from '../../platform/audit/audit.routes.ts';
import { createAuditService } from '../../platform/audit/audit.service.ts';
import type { TokenVerifier } from '../../platform/auth/types.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/index.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { AppQueues } from '../../platform/jobs/queues.ts';
import { devMailboxRoutes } from '../../platform/mail/dev-mailbox.routes.ts';
import { createMailer } from '../../platform/mail/index.ts';
import { createDevMailboxRepository } from '../../platform/mail/mail.repository.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { createGeolocationModule } from '../geolocation/geolocation.module.ts';
import { createOtpModule } from '../otp/otp.module.ts';
import { createAccountsRepository, createProfileRepository } from './accounts.repository.ts';
import { accountsSecureRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';
import { createManagedUsersRepository } from './managed-users.repository.ts';
import { managedUsersRoutes } from './managed-users.routes.ts';
import { createManagedUsersService } from './managed-users.service.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';

export interface AccountsModuleDeps {
  config: Config;
  /** One-time passwords go out over RCS or SMS. */
  connectors: Connectors;
  database: Database;
  jobs: JobQueue<AppQueues>;
  verifier: TokenVerifier;
  log: FastifyBaseLogger;
  /** Where profile images are stored. */
  storage: Storage;
}

/** Wires the accounts modules (issue 3: accounts, user management, OTP, audit) so server.ts adds one line per mount point. */
export function createAccountsModule({
  config,
  connectors,
  database,
  jobs,
  verifier,
  log,
  storage,
}: AccountsModuleDeps) {
  const mail = createMailer(jobs);
  const audit = createAuditService(createAuditRepository(database.db), log.child({ component: 'audit' }));
  const accountsRepository = createAccountsRepository(database.db);
  const accounts = createAccountsService({
    repository: accountsRepository,
    mail,
    audit,
    publicUrl: config.PUBLIC_URL,
    forgetUser: (userId) => verifier.forgetUser(userId),
  });
  const managedUsers = createManagedUsersService({
    repository: createManagedUsersRepository(database.db),
    accounts: accountsRepository,
    mail,
    audit,
    publicUrl: config.PUBLIC_URL,
    brandName: config.BRAND_NAME,
    forgetUser: (userId) => verifier.forgetUser(userId),
  });
  const otp = createOtpModule({ database, connectors, brandName: config.BRAND_NAME, log });
  const showDevMailbox = !config.SMTP_URL && (config.DEMO || config.NODE_ENV !== 'production');
  const geolocation = createGeolocationModule({ config, database });
  return {
    accounts,
    /** Public routes under /api/v1 (beside /accounts). */
    publicRoutes: [geolocation.publicRoutes],
    audit,
    mail,
    secureRoutes: [
      accountsSecureRoutes(accounts),
      profileRoutes(
        createProfileService({
          repository: createProfileRepository(database.db),
          storage,
          log: log.child({ component: 'profile' }),
        }),
      ),
      managedUsersRoutes(managedUsers),
      auditRoutes(audit),
      otp.secureRoutes,
    ] as FastifyPluginAsyncZod[],
    /** /dev/mailbox, only without SMTP_URL and when DEMO=1 or NODE_ENV is not production. */
    devMailboxRoutes: showDevMailbox
      ? devMailboxRoutes(createDevMailboxRepository(database.db), config.BRAND_NAME)
      : null,
  };
}
