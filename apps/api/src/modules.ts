import { accountsModule } from './modules/accounts/accounts.module.ts';
import { aggregatorsModule } from './modules/aggregators/aggregators.module.ts';
import { appConfigModule } from './modules/app-config/app-config.module.ts';
import { audiencesModule } from './modules/audiences/audiences.module.ts';
import { botReviewModule } from './modules/bot-review/bot-review.module.ts';
import { botTestingModule } from './modules/bot-testing/bot-testing.module.ts';
import { botsModule } from './modules/bots/bots.module.ts';
import { brandsModule } from './modules/brands/brands.module.ts';
import { campaignsModule } from './modules/campaigns/campaigns.module.ts';
import { contentModule } from './modules/content/content.module.ts';
import { geolocationModule } from './modules/geolocation/geolocation.module.ts';
import { launchesModule } from './modules/launches/launches.module.ts';
import { meteringModule } from './modules/metering/metering.module.ts';
import { networkMessagesModule } from './modules/network-messages/network-messages.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { otpModule } from './modules/otp/otp.module.ts';
import { partnerApiModule } from './modules/partner-api/partner-api.module.ts';
import { partnerCredentialsModule } from './modules/partner-credentials/partner-credentials.module.ts';
import { partnerWebhooksModule } from './modules/partner-webhooks/partner-webhooks.module.ts';
import { partnersModule } from './modules/partners/partners.module.ts';
import { referenceDataModule } from './modules/reference-data/reference-data.module.ts';
import { templatesModule } from './modules/templates/templates.module.ts';
import { walletModule } from './modules/wallet/wallet.module.ts';
import type { AnyApiModule } from './platform/module.ts';

/**
 * The API's modules, in the order they are created and seeded: a module may `use` the service of
 * one listed before it. Adding a module is its folder and one line here (docs/ARCHITECTURE.md).
 */
export const API_MODULES: readonly AnyApiModule[] = [
  referenceDataModule,
  appConfigModule,
  geolocationModule,
  partnersModule,
  accountsModule,
  otpModule,
  networkMessagesModule,
  walletModule,
  brandsModule,
  botsModule,
  meteringModule,
  botTestingModule,
  templatesModule,
  launchesModule,
  botReviewModule,
  partnerWebhooksModule,
  partnerCredentialsModule,
  audiencesModule,
  campaignsModule,
  partnerApiModule,
  aggregatorsModule,
  contentModule,
  // Last: its demo seed reads the launches the modules above seeded.
  notificationsModule,
];
