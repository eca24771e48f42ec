import type { Network } from '../contracts/network-messages.ts';

/** A tester invite's answer, as Google RBM reports it (null: the network has no invites). */
export type TestDeviceInvite = 'PENDING' | 'ACCEPTED' | 'DECLINED' | null;

/**
 * How each network lets a bot that is not launched yet reach a test device:
 * - Google RBM: only a tester who accepted the agent's invite (the network refuses anyone else);
 * - GSMA MaaP: the carrier keeps the chatbot's test numbers and sends no invite, so a number the
 *   partner registered as the bot's test device may receive;
 * - WhatsApp: a number on the sender's allowed list may receive; there is no invite either.
 */
export const TEST_DEVICE_RULES: Readonly<Record<Network, { invites: boolean }>> = {
  rbm: { invites: true },
  maap: { invites: false },
  whatsapp: { invites: false },
};

/** Whether an unlaunched bot may send to its registered test device on this network now. */
export function testDeviceMayReceive(network: Network, invite: TestDeviceInvite): boolean {
  return TEST_DEVICE_RULES[network].invites ? invite === 'ACCEPTED' : true;
}
