import {
  BOT_API_TYPES,
  BOT_MESSAGE_CATEGORIES,
  BOT_REGIONS,
  botCarrierStatusOf,
  botLockedFields,
  botStatusOf,
  CHANNEL_TYPE,
  canDeleteBot,
  type TBot,
  type TBotCarrier,
  type TBotListItem,
  WHATSAPP_CATEGORY_CODES,
  type WhatsappCategory,
} from '@portico/domain';
import { fileUrlOf } from '../../platform/storage/index.ts';
import type { BotCarrierRow, BotRow } from './bots.repository.ts';

const urlOf = (key: string | null) => (key ? fileUrlOf(key) : null);
const channelsOf = (channels: readonly number[]) =>
  [...channels].sort((a, b) => a - b).map((channel_type) => ({ channel_type }));

function presentCarrier(row: BotCarrierRow): TBotCarrier {
  return {
    carrier_id: row.carrierId,
    name: row.name,
    country_id: row.countryId,
    status: botCarrierStatusOf(row.status),
    reason: row.reason,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentBotListItem(row: {
  botId: string;
  name: string;
  partnerName: string;
  channels: number[];
  status: number;
  brandId: string | null;
  brandName: string | null;
  logoKey: string | null;
  bannerKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  carriers: BotCarrierRow[];
}): TBotListItem {
  return {
    bot_id: row.botId,
    name: row.name,
    partner_name: row.partnerName,
    channels: channelsOf(row.channels),
    status: botStatusOf(row.status),
    brand: row.brandId && row.brandName ? { brand_id: row.brandId, name: row.brandName } : null,
    carriers: row.carriers.map(presentCarrier),
    logo_url: urlOf(row.logoKey),
    banner_url: urlOf(row.bannerKey),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function presentBot(parts: {
  bot: BotRow;
  partnerName: string;
  brandName: string | null;
  chatbotPlatformName: string | null;
  carriers: BotCarrierRow[];
}): TBot {
  const { bot } = parts;
  const hasRcs = bot.channels.includes(CHANNEL_TYPE.rcs);
  const hasWhatsapp = bot.channels.includes(CHANNEL_TYPE.whatsapp);
  return {
    bot_id: bot.botId,
    partner_id: bot.partnerId,
    partner_name: parts.partnerName,
    name: bot.name,
    channels: channelsOf(bot.channels),
    status: botStatusOf(bot.status),
    rcs: hasRcs
      ? {
          display_name: bot.name,
          description: bot.description ?? '',
          brand_color: bot.brandColor ?? '',
          phones: bot.phones,
          emails: bot.emails,
          websites: bot.websites,
          privacy_policy_url: bot.privacyPolicyUrl ?? '',
          terms_url: bot.termsUrl ?? '',
          message_category: oneOf(BOT_MESSAGE_CATEGORIES, bot.messageCategory, 'Transactional'),
          region: oneOf(BOT_REGIONS, bot.region, 'India'),
          billing_category: bot.billingCategory ?? '',
          api_type: oneOf(
            Object.keys(BOT_API_TYPES) as (keyof typeof BOT_API_TYPES)[],
            bot.apiType,
            'GOOGLE',
          ),
          hosting_region: bot.hostingRegion ?? '',
        }
      : null,
    whatsapp: hasWhatsapp
      ? {
          display_name: bot.waDisplayName ?? '',
          phone: bot.waPhone ?? '',
          about: bot.waAbout ?? '',
          category: oneOf<WhatsappCategory>(WHATSAPP_CATEGORY_CODES, bot.waCategory, 'OTHER'),
          waba_id: bot.wabaId ?? '',
        }
      : null,
    brand: bot.brandId && parts.brandName ? { brand_id: bot.brandId, name: parts.brandName } : null,
    carriers: parts.carriers.map(presentCarrier),
    chatbot_platform:
      bot.chatbotPlatformId !== null && parts.chatbotPlatformName
        ? { id: bot.chatbotPlatformId, name: parts.chatbotPlatformName }
        : null,
    logo_url: urlOf(bot.logoKey),
    banner_url: urlOf(bot.bannerKey),
    photo_url: urlOf(bot.photoKey),
    network: {
      rbm_brand: bot.rbmBrand,
      rbm_agent: bot.rbmAgent,
      maap_bot_id: bot.maapBotId,
      whatsapp_phone_number_id: bot.whatsappPhoneNumberId,
    },
    network_error: bot.networkError,
    listing: bot.listing,
    listed_in_store: bot.listedInStore,
    locked_fields: botLockedFields(bot.status),
    can_delete: canDeleteBot(bot.status),
    created_at: bot.createdAt.toISOString(),
    updated_at: bot.updatedAt.toISOString(),
  };
}
