import {
  type BotLockedField,
  botLockedFields,
  CHANNEL_TYPE,
  type TRcsBotDetails,
  type TWhatsappBotDetails,
} from '@portico/domain';
import { BadRequestError, ConflictError } from '../../platform/http/errors.ts';
import type { BotFields, BotRow, BotsRepository } from './bots.repository.ts';

/*
 * The bot details forms as the bots table stores them: the fields of each form, the references
 * they must name, and the fields a bot's status locks.
 */

const LOCKED_MESSAGE: Record<string, string> = {
  rcs: "can no longer change: Google's RBM refuses edits of an agent's information once it is submitted or launched.",
  whatsapp:
    'can no longer change on a live WhatsApp sender (the number and account are the sender; a new display name goes through Meta review).',
};

/** Refuses (409) a change of fields the bot's status locks, naming each. */
export function refuseLocked(fields: string[]): never {
  const errors = fields.map((field) => {
    const channel = field.startsWith('whatsapp.') ? 'whatsapp' : 'rcs';
    return {
      field,
      message: `${field.replace('whatsapp.', 'WhatsApp ').replaceAll('_', ' ')} ${LOCKED_MESSAGE[channel]}`,
    };
  });
  throw new ConflictError(errors[0]?.message ?? 'This field can no longer change.', errors);
}

/** The RCS form's references (billing category, hosting region, chatbot platform) exist. */
export async function checkRcsReferences(repository: BotsRepository, body: TRcsBotDetails): Promise<void> {
  const problems: { field: string; message: string }[] = [];
  if (!(await repository.lookupCodeExists('billing-categories', body.billing_category)))
    problems.push({ field: 'billing_category', message: 'Choose a billing category from the list.' });
  if (!(await repository.lookupCodeExists('hosting-regions', body.hosting_region)))
    problems.push({ field: 'hosting_region', message: 'Choose a hosting region from the list.' });
  if (
    body.chatbot_platform_id !== null &&
    !(await repository.lookupIdExists('chatbot-platforms', body.chatbot_platform_id))
  )
    problems.push({ field: 'chatbot_platform_id', message: 'Choose a chatbot platform from the list.' });
  const first = problems[0];
  if (first) throw new BadRequestError(first.message, problems);
}

export const rcsFieldsOf = (body: TRcsBotDetails): BotFields => ({
  name: body.display_name,
  description: body.description,
  brandColor: body.brand_color,
  phones: body.phones,
  emails: body.emails,
  websites: body.websites,
  privacyPolicyUrl: body.privacy_policy_url,
  termsUrl: body.terms_url,
  messageCategory: body.message_category,
  region: body.region,
  billingCategory: body.billing_category,
  apiType: body.api_type,
  hostingRegion: body.hosting_region,
  chatbotPlatformId: body.chatbot_platform_id,
});

export const whatsappFieldsOf = (body: TWhatsappBotDetails): BotFields => ({
  waDisplayName: body.display_name,
  waPhone: body.phone,
  waAbout: body.about,
  waCategory: body.category,
  wabaId: body.waba_id,
});

/** The locked RBM fields this update would change on a bot whose status locks them. */
export function changedLockedRcs(bot: BotRow, body: TRcsBotDetails): BotLockedField[] {
  const locked = new Set<string>(botLockedFields(bot.status));
  if (locked.size === 0 || !bot.channels.includes(CHANNEL_TYPE.rcs)) return [];
  // Compared field by field: jsonb gives the stored objects back with their keys in its own order.
  const same = <T>(a: readonly T[], b: readonly T[], fields: (item: T) => unknown[]) =>
    JSON.stringify(a.map(fields)) === JSON.stringify(b.map(fields));
  const pairs: [BotLockedField, boolean][] = [
    ['display_name', bot.name === body.display_name],
    ['description', bot.description === body.description],
    ['brand_color', bot.brandColor === body.brand_color],
    ['phones', same(bot.phones, body.phones, (p) => [p.number, p.label])],
    ['emails', same(bot.emails, body.emails, (e) => [e.address, e.label])],
    ['websites', same(bot.websites, body.websites, (w) => [w.url, w.label])],
    ['privacy_policy_url', bot.privacyPolicyUrl === body.privacy_policy_url],
    ['terms_url', bot.termsUrl === body.terms_url],
    ['message_category', bot.messageCategory === body.message_category],
    ['region', bot.region === body.region],
    ['billing_category', bot.billingCategory === body.billing_category],
    ['api_type', bot.apiType === body.api_type],
    ['hosting_region', bot.hostingRegion === body.hosting_region],
  ];
  return pairs.filter(([field, unchanged]) => !unchanged && locked.has(field)).map(([field]) => field);
}

export function changedLockedWhatsapp(bot: BotRow, body: TWhatsappBotDetails): BotLockedField[] {
  const locked = new Set<string>(botLockedFields(bot.status));
  if (locked.size === 0 || !bot.channels.includes(CHANNEL_TYPE.whatsapp)) return [];
  const pairs: [BotLockedField, boolean][] = [
    ['whatsapp.display_name', bot.waDisplayName === body.display_name],
    ['whatsapp.phone', bot.waPhone === body.phone],
    ['whatsapp.waba_id', bot.wabaId === body.waba_id],
  ];
  return pairs.filter(([field, unchanged]) => !unchanged && locked.has(field)).map(([field]) => field);
}
