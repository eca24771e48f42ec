import { formatCurrency, formatDateTime } from './formats.ts';
import { formatMicros } from './money.ts';

/**
 * The reference of a wallet movement, as the wallet history and its exports show it (issue 26,
 * point 7): it names what the money was for (the launch, the campaign, the top-up), never an id.
 * At most 100 characters, the ledger's limit.
 */
const fit = (text: string) => text.slice(0, 100);

/** A top-up: 'Top-up of $250.00'. */
export const topUpReference = (amountMicros: bigint) =>
  fit(`Top-up of ${formatCurrency(formatMicros(amountMicros))}`);

/** A bot's launch (its verification hold, capture, release): 'Launch of Chai Bot'. */
export const launchReference = (botName: string, what?: string) =>
  fit(`Launch of ${botName}${what ? `: ${what}` : ''}`);

/** A campaign's messages: 'Campaign Diwali offers'. */
export const campaignReference = (campaignName: string) => fit(`Campaign ${campaignName}`);

/** A batch of partner-API messages charged together: 'API messages to 05/03/2026 | 02:30 PM UTC'. */
export const apiMessagesReference = (chargedAt: Date) =>
  fit(`API messages to ${String(formatDateTime(chargedAt, '+00:00'))} UTC`);
