import {
  ZLaunchCarrierList,
  ZLaunchDraft,
  ZLaunchPreflight,
  ZLaunchSummary,
  ZVerificationPricing,
  ZWalletBalance,
} from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { launchKeys } from './keys';

/** Initial details: what the stepper saved so far for the bot (kept between visits). */
export const launchDraftQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: launchKeys.draft(botId),
    queryFn: () => http.get(`/secure/launches/${botId}`, ZLaunchDraft),
  });

/** The carrier list with each carrier's verification price and whether it is chosen. */
export const launchCarriersQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: launchKeys.carriers(botId),
    queryFn: () => http.get(`/secure/launches/${botId}/carriers`, ZLaunchCarrierList),
  });

/**
 * Everything a carrier would reject the launch for, as of now. Each check asks the privacy URL
 * again, so moving between steps reuses an answer for 15 s; every save asks afresh (afterLaunchSaved).
 */
export const launchPreflightQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: launchKeys.preflight(botId),
    queryFn: () => http.get(`/secure/launches/${botId}/preflight`, ZLaunchPreflight),
    staleTime: 15_000,
  });

/** The verification price of the carriers chosen (the verification pricing call). */
export const verificationPricingQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: launchKeys.pricing(botId),
    queryFn: () =>
      http.get('/secure/launches/verification-pricing', ZVerificationPricing, { params: { bot_id: botId } }),
  });

/** The launch summary: everything submitted, the carriers' states and the history. */
export const launchSummaryQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: launchKeys.summary(botId),
    queryFn: () => http.get(`/secure/launches/${botId}/summary`, ZLaunchSummary),
  });

/** The wallet's balance, to show what the verification hold leaves. */
export const launchWalletQueryOptions = queryOptions({
  queryKey: launchKeys.wallet(),
  queryFn: () => http.get('/secure/wallet/balance', ZWalletBalance),
  staleTime: 0,
});
