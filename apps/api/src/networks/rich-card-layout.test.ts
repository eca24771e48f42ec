import { ZMessageContent } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { maapRcsMessage } from './maap.ts';
import { rbmContentMessage } from './rbm.ts';

const card = (layout: Record<string, string>) =>
  ZMessageContent.parse({
    kind: 'rich_card',
    card: { title: 'Masala chai', media: { fileUrl: 'https://chai.example/cup.png', height: 'SHORT' } },
    ...layout,
    suggestions: [],
  });

describe("a standalone card's layout on the networks", () => {
  it('when the card is horizontal with the image on the right then RBM and MaaP get that layout', () => {
    const content = card({ orientation: 'HORIZONTAL', imageAlignment: 'RIGHT' });
    expect(rbmContentMessage(content)).toMatchObject({
      richCard: { standaloneCard: { cardOrientation: 'HORIZONTAL', thumbnailImageAlignment: 'RIGHT' } },
    });
    expect(maapRcsMessage(content)).toMatchObject({
      richcardMessage: {
        message: {
          generalPurposeCard: { layout: { cardOrientation: 'HORIZONTAL', imageAlignment: 'RIGHT' } },
        },
      },
    });
  });

  it('when no layout is given then the card is vertical, with no image alignment (Google: horizontal only)', () => {
    const rbm = rbmContentMessage(card({})) as { richCard: { standaloneCard: Record<string, unknown> } };
    expect(rbm.richCard.standaloneCard.cardOrientation).toBe('VERTICAL');
    expect(rbm.richCard.standaloneCard).not.toHaveProperty('thumbnailImageAlignment');
  });
});
