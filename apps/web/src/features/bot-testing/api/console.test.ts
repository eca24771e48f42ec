import { type TConsoleMessage, type TConversation, ZMessageContent } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { parseEvents } from '@/lib/http/event-stream';
import { composeContent } from '../components/Composer';
import { mergeLine } from './bot-testing';

const line = (id: string, status: TConsoleMessage['status'] = 'sent'): TConsoleMessage => ({
  id,
  direction: 'out',
  content: { kind: 'text', text: `line ${id}`, suggestions: [] },
  text: null,
  postback_data: null,
  status,
  error_message: null,
  at: '2026-11-23T10:00:00.000Z',
});

describe('the console stream', () => {
  it('when a chunk ends mid-event then the whole events are read and the rest is kept for the next chunk', () => {
    const { events, rest } = parseEvents(
      'event: device\ndata: {"a":1}\n\n: ping\n\nevent: message\ndata: {"b"',
    );
    expect(events).toEqual([{ event: 'device', data: '{"a":1}' }]);
    expect(rest).toBe('event: message\ndata: {"b"');
    expect(parseEvents(`${rest}:2}\n\n`).events).toEqual([{ event: 'message', data: '{"b":2}' }]);
  });

  it('when a receipt for a known line arrives then it replaces the line; a new line is added in order', () => {
    const conversation = { device: {} as TConversation['device'], items: [line('1'), line('3')] };
    const receipt = mergeLine(conversation, line('1', 'read'));
    expect(receipt?.items.map((i) => `${i.id}:${i.status}`)).toEqual(['1:read', '3:sent']);
    const added = mergeLine(receipt, line('2'));
    expect(added?.items.map((i) => i.id)).toEqual(['1', '2', '3']);
  });
});

describe('the composer', () => {
  it('when a rich card with a reply and a URL action is composed then it is valid message content', () => {
    const content = composeContent(
      'rich_card',
      '',
      [{ title: 'Shipped', description: 'Arrives Thursday', mediaUrl: '' }],
      [
        { type: 'reply', text: 'Track order', value: '' },
        { type: 'open_url', text: 'Open site', value: 'https://example.com/' },
      ],
    );
    const parsed = ZMessageContent.parse(content);
    expect(parsed).toMatchObject({
      kind: 'rich_card',
      card: {
        title: 'Shipped',
        suggestions: [{ type: 'reply', postbackData: 'Track order' }, { type: 'open_url' }],
      },
    });
  });

  it('when a carousel has one card or a dial action a bad number then the contract refuses it', () => {
    const carousel = composeContent('carousel', '', [{ title: 'Only', description: '', mediaUrl: '' }], []);
    expect(ZMessageContent.safeParse(carousel).success).toBe(false);
    const dial = composeContent('text', 'Call us', [], [{ type: 'dial', text: 'Call', value: '12' }]);
    expect(ZMessageContent.safeParse(dial).success).toBe(false);
  });
});
