import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPE } from '../constants/statuses.ts';
import { channelKind, channelRoute } from './channels.ts';

const rcs = { channel_type: CHANNEL_TYPE.rcs };
const whatsapp = { channel_type: CHANNEL_TYPE.whatsapp };

describe('channelKind', () => {
  it('when the channel type is 2 then it is WhatsApp', () => {
    expect(CHANNEL_TYPE).toEqual({ rcs: 1, whatsapp: 2 });
    expect(channelKind(whatsapp)).toBe('whatsapp');
  });

  it.each([1, 0, 3, -1, 99])('when the channel type is %d then it is RCS', (type) => {
    expect(channelKind({ channel_type: type })).toBe('rcs');
  });
});

describe('channelRoute', () => {
  it('when there are no channels then there is no route', () => {
    expect(channelRoute([])).toBeNull();
  });

  it('when there is one RCS channel then the route is /rcs', () => {
    expect(channelRoute([rcs])).toBe('/rcs');
  });

  it('when there is one WhatsApp channel then the route is /whatsapp', () => {
    expect(channelRoute([whatsapp])).toBe('/whatsapp');
  });

  it.each([0, 3, 7])('when there is one channel of another type (%d) then the route is /whatsapp', (type) => {
    expect(channelRoute([{ channel_type: type }])).toBe('/whatsapp');
  });

  it('when there are two channels then the route is /rcs-whatsapp', () => {
    expect(channelRoute([rcs, whatsapp])).toBe('/rcs-whatsapp');
    expect(channelRoute([whatsapp, rcs])).toBe('/rcs-whatsapp');
    expect(channelRoute([rcs, rcs])).toBe('/rcs-whatsapp');
  });

  it('when there are more than two channels then the route is still /rcs-whatsapp', () => {
    expect(channelRoute([rcs, whatsapp, rcs])).toBe('/rcs-whatsapp');
  });
});
