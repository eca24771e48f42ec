import type { RcsTemplateContent, TemplateChannel, TemplateMedia, WhatsappTemplateContent } from './model.ts';

/**
 * The media kinds a campaign may send instead of a template's own: an RCS rich card with media, or
 * a carousel with a card with media (an image or a video), a WhatsApp IMAGE, VIDEO or DOCUMENT
 * header (that kind). None for a template without media.
 */
export function templateMediaKinds(
  channel: TemplateChannel,
  content: RcsTemplateContent | WhatsappTemplateContent,
): TemplateMedia['kind'][] {
  if (channel === 'rcs') {
    const rcs = content as RcsTemplateContent;
    const has =
      rcs.kind === 'rich_card'
        ? Boolean(rcs.card.media)
        : rcs.kind === 'carousel' && rcs.cards.some((card) => card.media);
    return has ? ['image', 'video'] : [];
  }
  const header = (content as WhatsappTemplateContent).header;
  return header && header.format !== 'TEXT' ? [header.format.toLowerCase() as TemplateMedia['kind']] : [];
}

/** The RCS template with a campaign's media instead of its card's (a carousel's first card with media). */
export function withRcsMedia(content: RcsTemplateContent, media: TemplateMedia): RcsTemplateContent {
  if (content.kind === 'rich_card' && content.card.media)
    return { ...content, card: { ...content.card, media: { ...media, height: content.card.media.height } } };
  if (content.kind === 'carousel') {
    const first = content.cards.findIndex((card) => card.media);
    if (first < 0) return content;
    return {
      ...content,
      cards: content.cards.map((card, i) =>
        i === first && card.media ? { ...card, media: { ...media, height: card.media.height } } : card,
      ),
    };
  }
  return content;
}
