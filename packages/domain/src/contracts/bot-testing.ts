import { z } from 'zod';
import { MESSAGE_STATUSES } from '../rules/message-status.ts';
import { zE164 } from '../rules/phone-numbers.ts';
import { ZListResult, ZListWindowQuery } from './envelope.ts';
import { searchText } from './fields.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';
import { ZMessageContent } from './network-messages.ts';

/**
 * Test devices of a bot, the test messages sent to them and the bot console (issue 13, points 4
 * and 5). A device is a phone number allowed to talk to a bot before launch: on RCS (Google RBM)
 * a tester the network invites, who accepts or declines on the handset; on WhatsApp a number the
 * developer sends test messages to (the network has no testers).
 */

/** The channels a device is tested on (a bot with both channels has a device per channel). */
export const TEST_DEVICE_CHANNELS = ['rcs', 'whatsapp'] as const;
export type TestDeviceChannel = (typeof TEST_DEVICE_CHANNELS)[number];

/** Google RBM's tester invite states (Tester.InviteStatus). */
export const TESTER_INVITE_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED'] as const;
export type TesterInviteStatus = (typeof TESTER_INVITE_STATUSES)[number];
export const TESTER_INVITE_LABELS: Record<TesterInviteStatus, string> = {
  PENDING: 'Invite pending',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
};

/** An agent may invite at most 200 testers (Google's total limit); we keep a bot to this many devices. */
export const TEST_DEVICES_MAX = 200;

/** A device's number: E.164, as the networks take it. */
export const ZTestDeviceNumber = zE164({ trim: true, required: 'Enter the phone number.' });

/** POST /bots/:botId/test-devices */
export const ZTestDeviceRequest = z.object({
  msisdn: ZTestDeviceNumber,
  channel: z.enum(TEST_DEVICE_CHANNELS, 'Choose RCS or WhatsApp.'),
});
export type TTestDeviceRequest = z.input<typeof ZTestDeviceRequest>;

export const ZTestDeviceParams = z.object({
  botId: z.uuid('is not a bot id'),
  deviceId: z.uuid('is not a test device id'),
});
export const ZTestDeviceBotParams = z.object({ botId: z.uuid('is not a bot id') });

/** GET /bots/:botId/testing: the bot as the console shows it, with the channels it can be tested on. */
export const ZTestBot = z.object({
  bot_id: z.string(),
  name: z.string(),
  channels: z.array(z.enum(TEST_DEVICE_CHANNELS)),
  /** The channels the bot is registered on (has an RBM agent / MaaP bot, or a WhatsApp number). */
  testable: z.array(z.enum(TEST_DEVICE_CHANNELS)),
  /** RCS through Google RBM: devices are invited as testers. */
  invites_testers: z.boolean(),
});
export type TTestBot = z.output<typeof ZTestBot>;

export const ZTestDevice = z.object({
  device_id: z.string(),
  bot_id: z.string(),
  channel: z.enum(TEST_DEVICE_CHANNELS),
  msisdn: z.string(),
  /** RCS: the tester invite's state; WhatsApp: null (no invites). */
  invite_status: z.enum(TESTER_INVITE_STATUSES).nullable(),
  /** The last capability check: null until checked. */
  capable: z.boolean().nullable(),
  features: z.array(z.string()),
  checked_at: z.string().nullable(),
  invited_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTestDevice = z.output<typeof ZTestDevice>;

const testDeviceFilters = {
  search: searchText(),
  channel: z.enum(TEST_DEVICE_CHANNELS, 'channel must be rcs or whatsapp').optional(),
  invite_status: z
    .enum(TESTER_INVITE_STATUSES, 'invite_status must be PENDING, ACCEPTED or DECLINED')
    .optional(),
  ...sortQuery(['created_at', 'msisdn', 'invite_status'], 'created_at'),
};
export const ZTestDevicesQuery = ZListWindowQuery({ start: 0, end: 10 }, testDeviceFilters);
/** GET /bots/:botId/test-devices/export: the same list as Excel or PDF, filters applied. */
export const ZTestDevicesExportQuery = z.object({ format: ZExportFormat, ...testDeviceFilters });
export type TTestDevicesQuery = z.output<typeof ZTestDevicesQuery>;
export const ZTestDeviceList = ZListResult(ZTestDevice);

/** The answer of a capability check (RBM: the device's RCS features; WhatsApp: on WhatsApp). */
export const ZTestDeviceCapability = z.object({
  capable: z.boolean(),
  features: z.array(z.string()),
  device: ZTestDevice,
});

/** POST /bots/:botId/test-devices/:deviceId/messages: a test message or a console answer. */
export const ZTestMessageRequest = z.object({
  content: ZMessageContent.refine((c) => c.kind !== 'template', {
    message: 'A template is sent from campaigns, not from the test console.',
  }),
});
export type TTestMessageRequest = z.input<typeof ZTestMessageRequest>;

/** One line of a console conversation: what the bot sent, or what the user typed or tapped. */
export const ZConsoleMessage = z.object({
  id: z.string(),
  direction: z.enum(['out', 'in']),
  /** out: the message content; in: null. */
  content: ZMessageContent.nullable(),
  /** in: the typed text or the tapped suggestion's text. */
  text: z.string().nullable(),
  /** in: a tapped suggestion's postback data (null for a typed reply). */
  postback_data: z.string().nullable(),
  /** out: sent, delivered, read or failed; in: null. */
  status: z.enum(MESSAGE_STATUSES).nullable(),
  error_message: z.string().nullable(),
  at: z.string(),
});
export type TConsoleMessage = z.output<typeof ZConsoleMessage>;

export const ZConversationQuery = z.object({
  /** The newest lines, at most this many (oldest first in the answer). */
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const ZConversation = z.object({ device: ZTestDevice, items: z.array(ZConsoleMessage) });
export type TConversation = z.output<typeof ZConversation>;

/**
 * The console's event stream (text/event-stream): `message` (a new or changed line, ZConsoleMessage),
 * `device` (the device changed, e.g. the invite was accepted, ZTestDevice) and `ping` (keep-alive).
 */
export const CONSOLE_STREAM_EVENTS = ['message', 'device', 'ping'] as const;

/**
 * What a console message to this device would cost a launched bot through the partner API (issue 25):
 * priced by the one pricing function (the recipient's carrier plan and the bot's message type, or the
 * country's WhatsApp rate card; console messages are service replies). Test messages are not charged.
 */
export const ZTestMessagePrice = z.object({
  price: z.string(),
  currency: z.string(),
  /** An RCS message type (Promotional, OTP, Multi-Use, Transactional) or a WhatsApp category. */
  priced_as: z.string(),
  /** Always false: test messages to test devices are free. */
  charged: z.literal(false),
});
export type TTestMessagePrice = z.infer<typeof ZTestMessagePrice>;
