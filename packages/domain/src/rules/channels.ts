import { CHANNEL_TYPE } from '../constants/statuses.ts';

export interface ChannelInfo {
  channel_type: number;
}

export type ChannelKind = 'rcs' | 'whatsapp';

/** Channel type 2 means WhatsApp, anything else RCS. */
export function channelKind(channel: ChannelInfo): ChannelKind {
  return channel.channel_type === CHANNEL_TYPE.whatsapp ? 'whatsapp' : 'rcs';
}

/** One RCS channel -> /rcs, one other channel -> /whatsapp, two channels -> /rcs-whatsapp. */
export function channelRoute(
  channels: readonly ChannelInfo[],
): '/rcs' | '/whatsapp' | '/rcs-whatsapp' | null {
  if (channels.length >= 2) return '/rcs-whatsapp';
  const [only] = channels;
  if (!only) return null;
  return only.channel_type === CHANNEL_TYPE.rcs ? '/rcs' : '/whatsapp';
}
