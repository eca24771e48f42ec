/** The template's page: the developer's details, or the admin's review page. */
export function templateDetailsPath(templateId: string, admin = false): string {
  return admin
    ? `/admin/template-details?templateId=${templateId}`
    : `/u/view-template-details?templateId=${templateId}`;
}

/** The builder: a new template (of a bot, when known), or a change of one (a new version once approved). */
export function builderPath({ botId, templateId }: { botId?: string | null; templateId?: string }): string {
  const query = new URLSearchParams();
  if (botId) query.set('botId', botId);
  if (templateId) query.set('templateId', templateId);
  const search = query.toString();
  return `/u/addTemplate${search ? `?${search}` : ''}`;
}

/** How a person reads a template's channel, type and language code. */
export const CHANNEL_LABEL = { rcs: 'RCS', whatsapp: 'WhatsApp' } as const;
export const TYPE_LABEL = {
  text: 'Text',
  rich_card: 'Rich card',
  carousel: 'Carousel',
  media: 'Media',
  authentication: 'Authentication',
} as const;
