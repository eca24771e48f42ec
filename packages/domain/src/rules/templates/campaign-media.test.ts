import { describe, expect, it } from 'vitest';
import { templateMediaKinds, withRcsMedia } from './campaign-media.ts';
import type { RcsTemplateContent, WhatsappTemplateContent } from './model.ts';

/** What media a campaign may send instead of a template's own, and where it goes in the card. */

const card = (media: boolean) => ({
  title: 'Lamps',
  description: '20% off',
  ...(media
    ? {
        media: {
          source: 'url' as const,
          url: 'https://cdn.example.com/t.png',
          kind: 'image' as const,
          height: 'TALL' as const,
        },
      }
    : {}),
  suggestions: [],
});
const own = {
  source: 'url' as const,
  url: 'https://portal.example/files/public/campaign-media/a.png',
  kind: 'image' as const,
};

describe('a campaign media in a template', () => {
  it('when the template is a rich card with media then an image or a video may replace it, keeping its height', () => {
    const content = {
      kind: 'rich_card',
      orientation: 'VERTICAL',
      imageAlignment: 'LEFT',
      card: card(true),
      suggestions: [],
    } as unknown as RcsTemplateContent;
    expect(templateMediaKinds('rcs', content)).toEqual(['image', 'video']);
    const replaced = withRcsMedia(content, own);
    expect(replaced.kind === 'rich_card' && replaced.card.media).toEqual({ ...own, height: 'TALL' });
  });

  it('when a carousel has media then its first card with media takes the campaign media, the others keep theirs', () => {
    const content = {
      kind: 'carousel',
      cardWidth: 'MEDIUM',
      cards: [card(false), card(true), card(true)],
      suggestions: [],
    } as unknown as RcsTemplateContent;
    const replaced = withRcsMedia(content, own);
    expect(
      replaced.kind === 'carousel' &&
        replaced.cards.map((c) => (c.media && 'url' in c.media ? c.media.url : null)),
    ).toEqual([null, own.url, 'https://cdn.example.com/t.png']);
  });

  it('when a template has no media then it takes none', () => {
    const text = { kind: 'text', text: 'Hi', suggestions: [] } as unknown as RcsTemplateContent;
    expect(templateMediaKinds('rcs', text)).toEqual([]);
    const noMediaCard = {
      kind: 'rich_card',
      card: card(false),
      suggestions: [],
    } as unknown as RcsTemplateContent;
    expect(templateMediaKinds('rcs', noMediaCard)).toEqual([]);
    expect(withRcsMedia(noMediaCard, own)).toBe(noMediaCard);
  });

  it("when a WhatsApp template has a media header then only that header's kind, and none for a text header", () => {
    const header = (format: string) =>
      ({
        category: 'MARKETING',
        header: { format, media: own },
        body: { text: 'Hi', examples: [] },
        footer: null,
        buttons: [],
      }) as unknown as WhatsappTemplateContent;
    expect(templateMediaKinds('whatsapp', header('VIDEO'))).toEqual(['video']);
    expect(templateMediaKinds('whatsapp', header('DOCUMENT'))).toEqual(['document']);
    expect(
      templateMediaKinds('whatsapp', {
        category: 'MARKETING',
        header: { format: 'TEXT', text: 'Hello' },
        body: { text: 'Hi', examples: [] },
      } as unknown as WhatsappTemplateContent),
    ).toEqual([]);
  });
});
