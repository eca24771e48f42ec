import {
  type BotImageKind,
  type TBot,
  type TBotBrandRequest,
  type TBotListingRequest,
  type TRcsBotDetails,
  type TWhatsappBotDetails,
  ZBot,
} from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type BotListFilters, botKeys } from './keys';

/** POST a new RCS bot (a draft) or PUT the details of an existing one; `submit` registers it on the network. */
export function saveRcsBot({ botId, body }: { botId: string | null; body: TRcsBotDetails }): Promise<TBot> {
  return botId
    ? http.put(`/secure/bots/${botId}/rcs`, body, ZBot)
    : http.post('/secure/bots/rcs', body, ZBot);
}

/** POST a new WhatsApp bot or PUT the WhatsApp details of a bot (adding WhatsApp to an RCS bot). */
export function saveWhatsappBot({
  botId,
  body,
}: {
  botId: string | null;
  body: TWhatsappBotDetails;
}): Promise<TBot> {
  return botId
    ? http.put(`/secure/bots/${botId}/whatsapp`, body, ZBot)
    : http.post('/secure/bots/whatsapp', body, ZBot);
}

/** PUT the bot's brand: one of the partner's brands, or a new one created through the brands module. */
export function saveBotBrand({ botId, body }: { botId: string; body: TBotBrandRequest }): Promise<TBot> {
  return http.put(`/secure/bots/${botId}/brand`, body, ZBot);
}

/** PUT the carriers the bot is to launch on (the "Carrier Selection" step). */
export function saveBotCarriers({
  botId,
  carrierIds,
}: {
  botId: string;
  carrierIds: number[];
}): Promise<TBot> {
  return http.put(`/secure/bots/${botId}/carriers`, { carrier_ids: carrierIds }, ZBot);
}

/** POST an image (logo, banner or WhatsApp photo) as multipart field `image`: the server checks, resizes or refuses it. */
export function uploadBotImage({ botId, kind, file }: { botId: string; kind: BotImageKind; file: File }) {
  const body = new FormData();
  body.append('image', file);
  return http.post(`/secure/bots/${botId}/images/${kind}`, body, ZBot);
}

/** PUT the bot's store listing. */
export function saveBotListing({ botId, body }: { botId: string; body: TBotListingRequest }): Promise<TBot> {
  return http.put(`/secure/bots/${botId}/listing`, body, ZBot);
}

/** PUT whether the bot is listed in the store. */
export function setBotListed({ botId, listed }: { botId: string; listed: boolean }): Promise<TBot> {
  return http.put(`/secure/bots/${botId}/store`, { listed }, ZBot);
}

/**
 * The bot to keep when a change answers: the answer, unless the cache already holds a later state.
 * Changes run at once (a logo and a banner uploaded together) answer in any order, and an earlier
 * answer lacks what the later change wrote.
 */
export function laterBot(cached: TBot | undefined, answer: TBot): TBot {
  return cached && Date.parse(cached.updated_at) > Date.parse(answer.updated_at) ? cached : answer;
}

const IMAGE_URL = { logo: 'logo_url', banner: 'banner_url', photo: 'photo_url' } as const satisfies Record<
  BotImageKind,
  keyof TBot
>;

/**
 * The bot to keep when an image upload answers: the cached bot with only that image's URL from the
 * answer. Two uploads at once (a logo and a banner) answer in either order, and their `updated_at`
 * need not follow the order they were written in; the cached bot also keeps its `updated_at`, so an
 * open form (keyed by it) is not remounted mid-upload, dropping the other picture still sending.
 */
export function withUploadedImage(cached: TBot | undefined, answer: TBot, kind: BotImageKind): TBot {
  if (!cached) return answer;
  const field = IMAGE_URL[kind];
  return { ...cached, [field]: answer[field] };
}

/** Every change of a bot answers the bot: cache it, refresh the lists, the dashboard and its history. */
function useBotChange<I>(
  change: (input: I) => Promise<TBot>,
  keep: (cached: TBot | undefined, answer: TBot, input: I) => TBot = laterBot,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (bot, input) => {
      queryClient.setQueryData<TBot>(botKeys.bot(bot.bot_id), (cached) => keep(cached, bot, input));
      void queryClient.invalidateQueries({ queryKey: botKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: botKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: botKeys.history(bot.bot_id) });
    },
  });
}

export const useSaveRcsBot = () => useBotChange(saveRcsBot);
export const useSaveWhatsappBot = () => useBotChange(saveWhatsappBot);
export const useSaveBotBrand = () => useBotChange(saveBotBrand);
export const useSaveBotCarriers = () => useBotChange(saveBotCarriers);
export const useUploadBotImage = () =>
  useBotChange(uploadBotImage, (cached, answer, { kind }) => withUploadedImage(cached, answer, kind));
export const useSaveBotListing = () => useBotChange(saveBotListing);
export const useSetBotListed = () => useBotChange(setBotListed);

/** DELETE a bot (and its agent on the network); answers nothing. */
export function useDeleteBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botId: string) => http.delete(`/secure/bots/${botId}`, z.unknown()),
    // Not awaited, and the bot itself is dropped rather than refetched (it is gone: a 404), so the
    // page that deleted it can move on.
    onSuccess: (_data, botId) => {
      queryClient.removeQueries({ queryKey: botKeys.bot(botId) });
      queryClient.removeQueries({ queryKey: botKeys.history(botId) });
      void queryClient.invalidateQueries({ queryKey: botKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: botKeys.dashboard() });
    },
  });
}

export type ExportFormat = 'xlsx' | 'pdf';

/** Downloads the filtered bot list as Excel or PDF (the response is the file). */
async function exportBots(format: ExportFormat, filters: BotListFilters): Promise<void> {
  let file: { blob: Blob; filename: string | null };
  try {
    file = await http.download('/secure/bots/export', { params: { format, ...setFilters({ ...filters }) } });
  } catch (error) {
    throw error instanceof ApiError
      ? error
      : new ApiError('The export could not be prepared. Please try again.', {
          statusCode: null,
          httpStatus: 0,
        });
  }
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? `bots.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportBots() {
  return useMutation({
    mutationFn: ({ format, filters }: { format: ExportFormat; filters: BotListFilters }) =>
      exportBots(format, filters),
  });
}
