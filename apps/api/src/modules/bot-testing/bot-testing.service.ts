import { randomUUID } from 'node:crypto';
import {
  CHANNEL_TYPE,
  formatMicros,
  type MessageStatus,
  type TConsoleMessage,
  type TConversation,
  TEST_DEVICE_CHANNELS,
  TEST_DEVICES_MAX,
  type TestDeviceChannel,
  type TesterInviteStatus,
  type TMessageContent,
  type TTestBot,
  type TTestDevice,
  type TTestDevicesQuery,
  type TTestMessagePrice,
  WALLET_CURRENCY,
} from '@portico/domain';
import { type Connectors, NetworkError } from '../../networks/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { AppError, ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import type { BotForTesting, BotsService } from '../bots/bots.service.ts';
import type { MeteringService } from '../metering/metering.service.ts';
import type {
  NetworkMessagesService,
  StoredNetworkEvent,
} from '../network-messages/network-messages.service.ts';
import type {
  BotTestingRepository,
  ConsoleLineRow,
  DeviceAddress,
  TestDeviceRow,
} from './bot-testing.repository.ts';

export interface BotTestingDeps {
  database: Pick<Database, 'transaction' | 'notify' | 'listen'>;
  repository: BotTestingRepository;
  bots: Pick<BotsService, 'botForTesting' | 'botsForTesting'>;
  messages: Pick<NetworkMessagesService, 'send'>;
  connectors: Connectors;
  metering: Pick<MeteringService, 'price'>;
}

export const DEVICE_NOT_FOUND = 'This test device was not found.';

/**
 * The notification channel of the console (decision 0039): its payload is a device id whose
 * conversation or state changed, sent in the unit of work that changed it.
 */
export const CONSOLE_CHANNEL = 'bot_console';

/** The network events that may belong to a test device's conversation or invite. */
const FROM_USERS: readonly string[] = ['user_message', 'suggestion_response', 'other'];

export function presentDevice(row: TestDeviceRow): TTestDevice {
  return {
    device_id: row.deviceId,
    bot_id: row.botId,
    channel: row.channel as TestDeviceChannel,
    msisdn: row.msisdn,
    invite_status: row.inviteStatus as TesterInviteStatus | null,
    capable: row.capable,
    features: row.features,
    checked_at: row.checkedAt?.toISOString() ?? null,
    invited_at: row.invitedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentLine(row: ConsoleLineRow): TConsoleMessage {
  const out = row.direction === 'out';
  return {
    id: String(row.seq),
    direction: out ? 'out' : 'in',
    content: out ? (row.content as TMessageContent | null) : null,
    text: out ? null : row.text,
    postback_data: row.postbackData,
    status: out ? ((row.status as MessageStatus | null) ?? 'queued') : null,
    error_message: out ? row.errorMessage : null,
    at: row.at.toISOString(),
  };
}

/** The network a device of this bot talks through, and the bot's name there. */
export function addressOf(
  bot: BotForTesting,
  channel: TestDeviceChannel,
  msisdn: string,
): DeviceAddress | null {
  if (channel === 'whatsapp')
    return bot.whatsappPhoneNumberId
      ? { network: 'whatsapp', sender: bot.whatsappPhoneNumberId, msisdn }
      : null;
  if (bot.rbmAgent) return { network: 'rbm', sender: bot.rbmAgent.split('/').pop() ?? bot.rbmAgent, msisdn };
  if (bot.maapBotId) return { network: 'maap', sender: bot.maapBotId, msisdn };
  return null;
}

const CHANNEL_NAMES: Record<TestDeviceChannel, string> = { rcs: 'RCS', whatsapp: 'WhatsApp' };

/** A network's refusal as our answer: its status (502/503/409/422/429) and its reason. */
function networkFailure(error: unknown): never {
  if (error instanceof NetworkError)
    throw new AppError(error.httpStatus, error.message, { network: error.network, kind: error.kind });
  throw error;
}

/**
 * Test devices, tester invites, capability checks, test messages and the console conversation of
 * a bot (issue 13). The bot is always the caller's partner's (bots.botForTesting: 404 otherwise);
 * the networks are called outside a transaction, the rows written in one unit of work each.
 */
export function createBotTestingService(deps: BotTestingDeps) {
  const { database, repository, bots, messages, connectors, metering } = deps;

  /** Tells every instance's open consoles of the device to look again, when the unit of work commits. */
  const changed = (deviceId: string) => database.notify(CONSOLE_CHANNEL, deviceId);

  /** The consoles open in this process, by device: one LISTEN for all of them (decision 0039). */
  const watchers = new Map<string, Set<() => void>>();
  let listening: Promise<() => Promise<void>> | null = null;
  const everyWatcher = () => {
    for (const set of watchers.values()) for (const watcher of set) watcher();
  };

  async function ownDevice(user: AuthenticatedUser, botId: string, deviceId: string) {
    const bot = await bots.botForTesting(user, botId);
    const device = await repository.device(bot.id, deviceId);
    if (!device) throw new NotFoundError(DEVICE_NOT_FOUND);
    return { bot, device };
  }

  function addressOrConflict(bot: BotForTesting, channel: TestDeviceChannel, msisdn: string): DeviceAddress {
    const address = addressOf(bot, channel, msisdn);
    if (!address)
      throw new ConflictError(
        `The bot is not registered on ${CHANNEL_NAMES[channel]} yet: submit its ${CHANNEL_NAMES[channel]} details first.`,
      );
    return address;
  }

  /** Brings the device up to date with the network's events: its invite answer and its user messages. */
  async function sync(bot: BotForTesting, device: TestDeviceRow): Promise<TestDeviceRow> {
    const address = addressOf(bot, device.channel as TestDeviceChannel, device.msisdn);
    if (!address) return device;
    return database.transaction(async () => {
      await repository.claimInbound(
        { deviceId: device.deviceId, botId: bot.id, createdAt: device.createdAt },
        address,
      );
      if (address.network !== 'rbm' || !device.invitedAt) return device;
      const answer = await repository.latestTesterEvent(address, device.invitedAt);
      if (!answer || answer === device.inviteStatus) return device;
      return (await repository.updateDevice(device.deviceId, { inviteStatus: answer })) ?? device;
    });
  }

  return {
    async bot(user: AuthenticatedUser, botId: string): Promise<TTestBot> {
      const bot = await bots.botForTesting(user, botId);
      const channels = TEST_DEVICE_CHANNELS.filter((c) =>
        bot.channels.includes(c === 'rcs' ? CHANNEL_TYPE.rcs : CHANNEL_TYPE.whatsapp),
      );
      return {
        bot_id: bot.id,
        name: bot.name,
        channels,
        testable: channels.filter((c) => addressOf(bot, c, '') !== null),
        invites_testers: channels.includes('rcs') && bot.rbmAgent !== null,
      };
    },

    async list(user: AuthenticatedUser, botId: string, query: TTestDevicesQuery) {
      const bot = await bots.botForTesting(user, botId);
      const { start, end, ...filters } = query;
      const { items, total } = await database.transaction(() =>
        repository.listDevices(bot.id, filters, { start, end }),
      );
      return { items: items.map(presentDevice), total };
    },

    /** Every device of the list (filters applied, no window), for the Excel and PDF export. */
    async exportRows(
      user: AuthenticatedUser,
      botId: string,
      filters: Omit<TTestDevicesQuery, 'start' | 'end'>,
    ) {
      const bot = await bots.botForTesting(user, botId);
      const { items } = await database.transaction(() => repository.listDevices(bot.id, filters));
      return { bot, items: items.map(presentDevice) };
    },

    async add(
      user: AuthenticatedUser,
      botId: string,
      request: { msisdn: string; channel: TestDeviceChannel },
    ): Promise<TTestDevice> {
      const bot = await bots.botForTesting(user, botId);
      const channelCode = request.channel === 'rcs' ? CHANNEL_TYPE.rcs : CHANNEL_TYPE.whatsapp;
      if (!bot.channels.includes(channelCode))
        throw new ConflictError(`This bot has no ${CHANNEL_NAMES[request.channel]} channel.`);
      const address = addressOrConflict(bot, request.channel, request.msisdn);
      await database.transaction(async () => {
        if (await repository.deviceByNumber(bot.id, request.channel, request.msisdn))
          throw new ConflictError(`${request.msisdn} is already a test device of this bot.`);
        if ((await repository.countDevices(bot.id)) >= TEST_DEVICES_MAX)
          throw new ConflictError(`A bot has at most ${TEST_DEVICES_MAX} test devices.`);
      });
      // RBM invites the number as a tester (a second invite of a pending one is harmless, so a
      // write that fails after the invite is reconciled by adding again); MaaP and WhatsApp have none.
      const invite =
        address.network === 'rbm'
          ? await connectors.get('rbm').inviteTester(address.sender, request.msisdn).catch(networkFailure)
          : null;
      const row = await database.transaction(async () => {
        if (await repository.deviceByNumber(bot.id, request.channel, request.msisdn))
          throw new ConflictError(`${request.msisdn} is already a test device of this bot.`);
        return repository.insertDevice({
          botId: bot.id,
          partnerId: bot.partnerId,
          createdBy: user.userId,
          channel: request.channel,
          msisdn: request.msisdn,
          inviteStatus: invite,
          invitedAt: invite ? new Date() : null,
        });
      });
      return presentDevice(row);
    },

    /**
     * A tester invited through the partner API (RBM testers.create) for the caller's bot, whose
     * agent is `agentId`: the network invites the number, and the number is the bot's RCS test device
     * (added, or its invite renewed), so the console shows it and its answer lets the bot reach it.
     * The API's caller is the bot, not a portal user: the device has no creator.
     */
    async inviteTesterForPartner(
      bot: { botId: string; partnerId: string },
      agentId: string,
      msisdn: string,
    ): Promise<TesterInviteStatus> {
      const existing = await database.transaction(async () => {
        const device = await repository.deviceByNumber(bot.botId, 'rcs', msisdn);
        if (!device && (await repository.countDevices(bot.botId)) >= TEST_DEVICES_MAX)
          throw new ConflictError(`A bot has at most ${TEST_DEVICES_MAX} test devices.`);
        return device;
      });
      const status = await connectors.get('rbm').inviteTester(agentId, msisdn);
      await database.transaction(async () => {
        const device = existing ?? (await repository.deviceByNumber(bot.botId, 'rcs', msisdn));
        if (device) {
          await repository.updateDevice(device.deviceId, { inviteStatus: status, invitedAt: new Date() });
          await changed(device.deviceId);
          return;
        }
        await repository.insertDevice({
          botId: bot.botId,
          partnerId: bot.partnerId,
          createdBy: null,
          channel: 'rcs',
          msisdn,
          inviteStatus: status,
          invitedAt: new Date(),
        });
      });
      return status;
    },

    async remove(user: AuthenticatedUser, botId: string, deviceId: string): Promise<void> {
      const { device } = await ownDevice(user, botId, deviceId);
      await database.transaction(async () => {
        await repository.deleteDevice(device.deviceId);
        await changed(device.deviceId);
      });
    },

    /** RCS: invites the number again (a declined invite becomes a new pending one). */
    async resendInvite(user: AuthenticatedUser, botId: string, deviceId: string): Promise<TTestDevice> {
      const { bot, device } = await ownDevice(user, botId, deviceId);
      const address = addressOrConflict(bot, device.channel as TestDeviceChannel, device.msisdn);
      if (address.network !== 'rbm')
        throw new ConflictError(
          `${address.network === 'whatsapp' ? 'WhatsApp' : 'A GSMA MaaP bot'} has no tester invites: send a test message instead.`,
        );
      const status = await connectors
        .get('rbm')
        .inviteTester(address.sender, device.msisdn)
        .catch(networkFailure);
      const row = await database.transaction(async () => {
        await changed(device.deviceId);
        return repository.updateDevice(device.deviceId, { inviteStatus: status, invitedAt: new Date() });
      });
      return presentDevice(row ?? device);
    },

    /** RCS: asks the network for the invite's state now (besides the events it posts). */
    async refresh(user: AuthenticatedUser, botId: string, deviceId: string): Promise<TTestDevice> {
      const { bot, device } = await ownDevice(user, botId, deviceId);
      const synced = await sync(bot, device);
      const address = addressOf(bot, device.channel as TestDeviceChannel, device.msisdn);
      if (address?.network !== 'rbm') return presentDevice(synced);
      const status = await connectors
        .get('rbm')
        .testerStatus(address.sender, device.msisdn)
        .catch(networkFailure);
      if (status === synced.inviteStatus) return presentDevice(synced);
      const row = await database.transaction(async () => {
        await changed(device.deviceId);
        return repository.updateDevice(device.deviceId, { inviteStatus: status });
      });
      return presentDevice(row ?? synced);
    },

    /** RCS: the network's capability check; WhatsApp: whether a message to the number was delivered. */
    async capability(user: AuthenticatedUser, botId: string, deviceId: string) {
      const { bot, device } = await ownDevice(user, botId, deviceId);
      const address = addressOrConflict(bot, device.channel as TestDeviceChannel, device.msisdn);
      let capable: boolean | null;
      let features: string[] = [];
      if (address.network === 'whatsapp') {
        capable = await database.transaction(() => repository.whatsappReach(address.sender, device.msisdn));
        if (capable === null)
          throw new ConflictError(
            'WhatsApp has no capability lookup: send a test message first; its delivery tells whether the number is on WhatsApp.',
          );
        features = capable ? ['WHATSAPP'] : [];
      } else {
        const answer = await connectors
          .get(address.network)
          .capability(address.sender, device.msisdn)
          .catch(networkFailure);
        capable = answer.capable;
        features = answer.features;
      }
      const row = await database.transaction(async () => {
        await changed(device.deviceId);
        return repository.updateDevice(device.deviceId, { capable, features, checkedAt: new Date() });
      });
      return { capable, features, device: presentDevice(row ?? device) };
    },

    /**
     * What a console message to the device would cost a launched bot through the partner API, by
     * metering's one pricing function (issue 25). Test messages are not charged.
     */
    async price(user: AuthenticatedUser, botId: string, deviceId: string): Promise<TTestMessagePrice> {
      const { bot, device } = await ownDevice(user, botId, deviceId);
      const whatsapp = device.channel === 'whatsapp';
      const quote = await metering.price({
        partnerId: bot.partnerId,
        botId: bot.id,
        channel: whatsapp ? CHANNEL_TYPE.whatsapp : CHANNEL_TYPE.rcs,
        msisdn: device.msisdn,
        // The console sends text, cards and answers, never templates (ZTestMessageRequest).
        content: { kind: 'text' },
      });
      return {
        price: formatMicros(quote.unitPriceMicros),
        currency: WALLET_CURRENCY,
        priced_as: quote.pricedAs,
        charged: false,
      };
    },

    /** A test message or a console answer, through network-messages (so receipts apply). */
    async send(
      user: AuthenticatedUser,
      botId: string,
      deviceId: string,
      content: TMessageContent,
      /** The message's id when the caller chose it first (templates record it with their test). */
      messageId: string = randomUUID(),
    ): Promise<TConsoleMessage> {
      const { bot, device } = await ownDevice(user, botId, deviceId);
      const address = addressOrConflict(bot, device.channel as TestDeviceChannel, device.msisdn);
      const record = () =>
        database.transaction(async () => {
          await repository.insertOutLine({
            deviceId: device.deviceId,
            botId: bot.id,
            messageId,
            createdBy: user.userId,
          });
          await changed(device.deviceId);
        });
      try {
        await messages.send(user, {
          messageId,
          network: address.network,
          sender: address.sender,
          recipient: device.msisdn,
          content,
          purpose: 'test',
        });
      } catch (error) {
        // The refused message stays in the conversation, marked failed with the network's reason.
        if (error instanceof AppError && (error.data as { message_id?: string } | null)?.message_id)
          await record();
        throw error;
      }
      await record();
      const lines = await database.transaction(() => repository.conversation(device.deviceId, 20));
      const line = lines.find((l) => l.messageId === messageId);
      if (!line) throw new Error('the sent message is not in the conversation');
      return presentLine(line);
    },

    async conversation(
      user: AuthenticatedUser,
      botId: string,
      deviceId: string,
      limit: number,
    ): Promise<TConversation> {
      const { bot, device } = await ownDevice(user, botId, deviceId);
      const synced = await sync(bot, device);
      const items = await database.transaction(() => repository.conversation(device.deviceId, limit));
      return { device: presentDevice(synced), items: items.map(presentLine) };
    },

    /** For the console stream: the device (checked to be the caller's) and its bot. */
    ownDevice,

    /**
     * The device's console lines brought up to date with the network's events (its receipts and
     * taps), oldest first, as rows: the templates' test summary reads its messages and taps there.
     */
    async consoleLines(user: AuthenticatedUser, botId: string, deviceId: string, limit: number) {
      const { bot, device } = await ownDevice(user, botId, deviceId);
      await sync(bot, device);
      return database.transaction(() => repository.conversation(device.deviceId, limit));
    },

    /**
     * What changed in the console since the cursor, for the stream: the device as it is now (null
     * once removed), new lines and sent messages whose status changed, in one read.
     */
    async changes(
      device: TestDeviceRow,
      cursor: { seq: number; since: Date },
    ): Promise<{ device: TestDeviceRow | null; lines: ConsoleLineRow[] }> {
      return database.transaction(async () => {
        const current = await repository.device(device.botId, device.deviceId);
        if (!current) return { device: null, lines: [] };
        return {
          device: current,
          lines: await repository.changes(device.deviceId, cursor.seq, cursor.since),
        };
      });
    },

    /**
     * Calls `onChange` whenever the device's console may have changed, on any instance (and after the
     * notifications' connection was lost and is back). Returns the function that stops watching.
     */
    async watch(deviceId: string, onChange: () => void): Promise<() => Promise<void>> {
      let set = watchers.get(deviceId);
      if (!set) {
        set = new Set();
        watchers.set(deviceId, set);
      }
      set.add(onChange);
      try {
        listening ??= database.listen(CONSOLE_CHANNEL, {
          notification: (id) => {
            for (const watcher of watchers.get(id) ?? []) watcher();
          },
          reconnected: everyWatcher,
        });
        await listening;
      } catch (error) {
        listening = null;
        set.delete(onChange);
        throw error;
      }
      return async () => {
        const current = watchers.get(deviceId);
        current?.delete(onChange);
        if (current?.size === 0) watchers.delete(deviceId);
        if (watchers.size > 0 || !listening) return;
        const stop = listening;
        listening = null;
        await (await stop)();
      };
    },

    /**
     * network-messages' listener of newly stored events (in the unit of work that stores them): a
     * user's message, tap or tester answer from a test device's number becomes the device's console
     * line or invite state at once, and a receipt of a console message is noticed; the consoles
     * open on those devices are told, on every instance. Events from other numbers cost one lookup.
     */
    async onEventsStored(events: readonly StoredNetworkEvent[]): Promise<void> {
      const touched = new Set<string>();
      const senders = [
        ...new Set(events.flatMap((e) => (e.sender && FROM_USERS.includes(e.kind) ? [e.sender] : []))),
      ];
      const devices = await repository.devicesByNumbers(senders);
      if (devices.length > 0) {
        const owners = await bots.botsForTesting([...new Set(devices.map((d) => d.botId))]);
        for (const device of devices) {
          const bot = owners.get(device.botId);
          if (!bot) continue;
          await sync(bot, device);
          touched.add(device.deviceId);
        }
      }
      const sent = [...new Set(events.flatMap((e) => (e.messageId ? [e.messageId] : [])))];
      for (const deviceId of await repository.devicesOfMessages(sent)) touched.add(deviceId);
      for (const deviceId of touched) await changed(deviceId);
    },
  };
}
export type BotTestingService = ReturnType<typeof createBotTestingService>;
