import { describe, expect, it } from 'vitest';
import { mediaTypeOfMime, ZMessageContent, ZSendTestMessageRequest, ZWebUrl } from './network-messages.ts';

const card = { title: 'Offer', suggestions: [] };
const issuesOf = (value: unknown) => {
  const parsed = ZSendTestMessageRequest.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('message content contract', () => {
  it('when every suggestion type is given then they parse with postbackData defaulted', () => {
    const parsed = ZMessageContent.parse({
      kind: 'text',
      text: 'Hi',
      suggestions: [
        { type: 'reply', text: 'Yes' },
        { type: 'dial', text: 'Call', phoneNumber: '+14155550100' },
        { type: 'open_url', text: 'Site', url: 'https://example.com' },
        { type: 'view_location', text: 'Map', latitude: 1, longitude: 2 },
        {
          type: 'calendar',
          text: 'Save',
          title: 'T',
          startTime: '2026-01-01T10:00:00Z',
          endTime: '2026-01-01T11:00:00Z',
        },
      ],
    });
    expect(parsed.kind === 'text' && parsed.suggestions.map((s) => s.postbackData)).toEqual([
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it.each([
    [{ kind: 'text', text: '' }, 'content.text'],
    [{ kind: 'text', text: 'x'.repeat(3073) }, 'content.text'],
    [
      { kind: 'text', text: 'x', suggestions: [{ type: 'reply', text: 'x'.repeat(26) }] },
      'content.suggestions.0.text',
    ],
    [
      {
        kind: 'text',
        text: 'x',
        suggestions: Array.from({ length: 12 }, () => ({ type: 'reply', text: 'a' })),
      },
      'content.suggestions',
    ],
    [{ kind: 'rich_card', card: {} }, 'content.card'],
    [{ kind: 'carousel', cards: [card] }, 'content.cards'],
    [{ kind: 'carousel', cards: Array.from({ length: 11 }, () => card) }, 'content.cards'],
    [{ kind: 'template', templateName: 'Order Update' }, 'content.templateName'],
    [
      { kind: 'text', text: 'x', suggestions: [{ type: 'dial', text: 'Call', phoneNumber: '12345' }] },
      'content.suggestions.0.phoneNumber',
    ],
  ])('when the content is %j then the issue names %s', (content, path) => {
    expect(
      issuesOf({ network: 'rbm', recipient: '+919800000001', content }).some((i) => i.startsWith(`${path}:`)),
    ).toBe(true);
  });

  it('when the recipient is not international format then it says how to write it', () => {
    expect(
      issuesOf({ network: 'rbm', recipient: '09800000001', content: { kind: 'text', text: 'x' } }),
    ).toEqual([
      'recipient: Enter the phone number in international format, with its country code, e.g. +919876543210.',
    ]);
  });
});

describe('web addresses in messages (ZWebUrl)', () => {
  it.each([
    'https://example.com/offer.png',
    'https://cdn.example.com/a/b.jpg?x=1',
    'http://localhost:3000/sandbox/rbm/files/abc',
    'http://127.0.0.1:4000/sandbox/rbm/files/abc',
  ])('accepts %s', (url) => {
    expect(ZWebUrl.safeParse(url).success).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    'ftp://example.com/x.png',
    'http://example.com/offer.png',
    'vbscript:msgbox(1)',
  ])('refuses %s', (url) => {
    expect(ZWebUrl.safeParse(url).success).toBe(false);
  });

  it('refuses a javascript: media URL in a card and in an open_url suggestion', () => {
    const media = { kind: 'rich_card', card: { media: { fileUrl: 'javascript:alert(1)' } } };
    expect(ZMessageContent.safeParse(media).success).toBe(false);
    const suggestion = {
      kind: 'text',
      text: 'Hi',
      suggestions: [{ type: 'open_url', text: 'Go', url: 'javascript:alert(1)' }],
    };
    expect(ZMessageContent.safeParse(suggestion).success).toBe(false);
  });
});

describe('ZWebUrl on input that is no URL at all', () => {
  it.each(['99999999999999999999999', '', 'not a url', '://'])(
    'refuses %j with an issue, not an exception',
    (value) => {
      expect(() => ZWebUrl.safeParse(value)).not.toThrow();
      expect(ZWebUrl.safeParse(value).success).toBe(false);
    },
  );
});

describe('a file message (the file kind)', () => {
  const file = { kind: 'file', fileUrl: 'https://cdn.example.com/i/8c1f', suggestions: [] };

  it('when it carries a media type, MIME type, size, name and caption then they are kept', () => {
    const media = {
      ...file,
      mediaType: 'document',
      mimeType: 'application/pdf',
      fileSize: 48_213,
      fileName: 'invoice 42.pdf',
      caption: 'Your invoice',
    };
    expect(ZMessageContent.parse(media)).toEqual(media);
    // RBM's file by URL or uploaded stays as it was: none of them needed.
    expect(ZMessageContent.parse({ kind: 'file', uploadedFile: 'files/abc' })).toEqual({
      kind: 'file',
      uploadedFile: 'files/abc',
      suggestions: [],
    });
  });

  it.each([
    ['a media type no network has', { mediaType: 'hologram' }],
    ['a MIME type that is none', { mimeType: 'pdf' }],
    ['a size of zero', { fileSize: 0 }],
    ['a name with a folder', { fileName: 'a/b.pdf' }],
    ['a name with a control character', { fileName: 'a\u0007.pdf' }],
    ['a caption over 1024 characters', { caption: 'x'.repeat(1025) }],
  ])('when it has %s then it is refused', (_name, extra) => {
    expect(ZMessageContent.safeParse({ ...file, ...extra }).success).toBe(false);
  });

  it('when a MIME type is given then its media type is the top type, or a document', () => {
    expect(
      ['image/png', 'video/mp4', 'audio/ogg; codecs=opus', 'application/pdf'].map(mediaTypeOfMime),
    ).toEqual(['image', 'video', 'audio', 'document']);
  });
});
