import { CHANNEL_TYPE } from '@portico/domain';
import type {
  Connectors,
  LaunchDetail,
  NetworkConnector,
  VerificationContact,
} from '../../networks/index.ts';
import type { ReviewBotRow } from './bot-review.repository.ts';

/** What a launch on one carrier's network came to: live, refused (the network's reason), or not decided yet. */
export type LaunchOutcome =
  | { state: 'launched' }
  | { state: 'failed'; reason: string }
  | { state: 'pending' };

/**
 * The RBM region of a carrier: Google names a carrier's region /v1/regions/<carrier>-<country>
 * (jio-in); ours is the carrier's name in lower case, words joined by '-', then its country.
 */
export function rbmRegionOf(carrier: { name: string; countryId: string }): string {
  const slug = carrier.name
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `/v1/regions/${slug}-${carrier.countryId.toLowerCase()}`;
}

interface LaunchTarget {
  connector: NetworkConnector;
  /** The network's id of the bot (RBM agent, MaaP bot id, WhatsApp phone number id). */
  id: string | null;
  regions: string[];
  label: string;
}

/** The networks a bot launches on for one carrier: its RCS agent (RBM or MaaP) and its WhatsApp sender. */
function targetsOf(
  connectors: Connectors,
  bot: ReviewBotRow,
  carrier: { name: string; countryId: string },
): LaunchTarget[] {
  const targets: LaunchTarget[] = [];
  if (bot.channels.includes(CHANNEL_TYPE.rcs)) {
    targets.push(
      bot.apiType === 'GSMA'
        ? { connector: connectors.get('maap'), id: bot.maapBotId, regions: [], label: 'GSMA MaaP' }
        : {
            connector: connectors.get('rbm'),
            id: bot.rbmAgent,
            regions: [rbmRegionOf(carrier)],
            label: 'Google RBM',
          },
    );
  }
  if (bot.channels.includes(CHANNEL_TYPE.whatsapp)) {
    targets.push({
      connector: connectors.get('whatsapp'),
      id: bot.whatsappPhoneNumberId,
      regions: [],
      label: 'WhatsApp',
    });
  }
  return targets;
}

const REFUSED_STATES = ['LAUNCH_STATE_REJECTED', 'LAUNCH_STATE_SUSPENDED'];

/**
 * Google launches only a verified agent: the first look asks the network to verify it, with the
 * contact of the launch's Business Verification step (requestVerification is answered with the
 * pending state and asked once: a pending verification is only read again), and the launch waits
 * until the network has verified it.
 */
async function agentVerified(
  connector: NetworkConnector,
  agent: string,
  contact: VerificationContact | null,
): Promise<true | LaunchOutcome> {
  const state = await connector.verificationState(agent);
  if (state === 'VERIFICATION_STATE_VERIFIED') return true;
  if (state === 'VERIFICATION_STATE_SUSPENDED_IN_GMB') {
    return { state: 'failed', reason: 'Google RBM: the agent is suspended and cannot be verified.' };
  }
  if (state === 'VERIFICATION_STATE_PENDING') return { state: 'pending' };
  if (!contact) {
    return { state: 'failed', reason: 'The launch has no company details to verify the agent with.' };
  }
  const asked = await connector.requestVerification(agent, contact);
  return asked === 'VERIFICATION_STATE_VERIFIED' ? true : { state: 'pending' };
}

/**
 * Where the bot's launch on the carrier stands on each of its networks. `request`: the launch starts
 * (a carrier's approval or a retry), so each network is asked to launch it; requestLaunch is
 * idempotent on every network (a pending or launched launch is left as it is), so a re-run job never
 * launches twice. A later look only reads, and asks again only where the network has no launch at
 * all (the first request was lost): a refusal is read, never asked over. Network errors are thrown.
 */
export async function launchOnNetworks(
  connectors: Connectors,
  bot: ReviewBotRow,
  carrier: { name: string; countryId: string },
  request: boolean,
  contact: VerificationContact | null,
): Promise<LaunchOutcome> {
  const targets = targetsOf(connectors, bot, carrier);
  if (targets.length === 0) return { state: 'failed', reason: 'The bot has no channel to launch.' };
  const details: LaunchDetail[] = [];
  for (const target of targets) {
    if (!target.id) {
      return { state: 'failed', reason: `The bot is not registered on ${target.label}.` };
    }
    if (target.connector.network === 'rbm') {
      const verified = await agentVerified(target.connector, target.id, contact);
      if (verified !== true) return verified;
    }
    const region = target.regions[0] ?? '';
    let detail = request ? null : await target.connector.launchDetail(target.id, region);
    if (!detail || detail.state === 'LAUNCH_STATE_UNLAUNCHED') {
      await target.connector.requestLaunch(target.id, target.regions);
      detail = await target.connector.launchDetail(target.id, region);
    }
    details.push(detail);
  }
  const refused = details.find((detail) => REFUSED_STATES.includes(detail.state));
  if (refused) {
    return { state: 'failed', reason: refused.reason ?? 'The network refused the launch.' };
  }
  return details.every((detail) => detail.state === 'LAUNCH_STATE_LAUNCHED')
    ? { state: 'launched' }
    : { state: 'pending' };
}
