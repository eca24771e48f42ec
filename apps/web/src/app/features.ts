import { accountsFeature } from '@/features/accounts';
import { aggregatorsFeature } from '@/features/aggregators';
import { analyticsFeature } from '@/features/analytics';
import { audiencesFeature } from '@/features/audiences';
import { botReviewFeature } from '@/features/bot-review';
import { botTestingFeature } from '@/features/bot-testing';
import { botsFeature } from '@/features/bots';
import { brandsFeature } from '@/features/brands';
import { campaignsFeature } from '@/features/campaigns';
import { contentFeature } from '@/features/content';
import { launchesFeature } from '@/features/launches';
import { legalFeature } from '@/features/legal';
import { notificationsFeature } from '@/features/notifications';
import { partnerApiFeature } from '@/features/partner-api';
import { referenceFeature } from '@/features/reference';
import { templatesFeature } from '@/features/templates';
import { walletFeature } from '@/features/wallet';
import type { Feature } from '@/lib/feature';

/** The portal's features: each declares its screens (features/<name>/index.ts); one line each. */
export const FEATURES: readonly Feature[] = [
  accountsFeature,
  aggregatorsFeature,
  analyticsFeature,
  audiencesFeature,
  botReviewFeature,
  botTestingFeature,
  botsFeature,
  brandsFeature,
  campaignsFeature,
  contentFeature,
  launchesFeature,
  legalFeature,
  notificationsFeature,
  partnerApiFeature,
  referenceFeature,
  templatesFeature,
  walletFeature,
];
