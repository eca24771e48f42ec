import { E164_MESSAGE, isE164 } from '../phone-numbers.ts';
import { RCS_TEMPLATE_LIMITS as L, RCS_TEMPLATE_VARIABLES_MAX } from './limits.ts';
import type { RcsCard, RcsSuggestion, RcsTemplateContent, TemplateProblem } from './model.ts';
import { extractVariables, rcsTemplateVariables, rcsVariableProblem } from './variables.ts';

/**
 * What Google RBM would refuse in an RCS template, each with the field it concerns and the reason
 * (limits.ts cites the documentation). Checked while typing in the builder and again by the API.
 */

const chars = (value: string) => [...value].length;

function lengthProblem(
  problems: TemplateProblem[],
  path: TemplateProblem['path'],
  value: string | undefined,
  max: number,
  label: string,
) {
  if (value !== undefined && chars(value) > max)
    problems.push({ path, message: `${label} is at most ${max} characters (now ${chars(value)}).` });
}

function variablesProblem(problems: TemplateProblem[], path: TemplateProblem['path'], value: string) {
  for (const name of extractVariables(value)) {
    const message = rcsVariableProblem(name);
    if (message) problems.push({ path, message });
  }
}

/** A web address a handset opens or the network fetches: https (http only for the network sandbox). */
export function templateUrlProblem(value: string, label: string, max: number = L.url): string | null {
  if (chars(value) > max) return `${label} is at most ${max} characters.`;
  // A personalised field may stand for part of the address: check it with a sample in its place.
  const sample = value.replace(/\{\{[^{}]*\}\}/g, 'x');
  let url: URL;
  try {
    url = new URL(sample);
  } catch {
    return `${label} must be a full web address, like https://example.com/offer.`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && url.pathname.startsWith('/sandbox/')) return null;
  return `${label} must be an https:// address.`;
}

function suggestionProblems(s: RcsSuggestion, path: TemplateProblem['path']): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (!s.text.trim()) problems.push({ path: [...path, 'text'], message: 'The suggestion needs a text.' });
  lengthProblem(problems, [...path, 'text'], s.text, L.suggestionText, 'A suggestion text');
  lengthProblem(problems, [...path, 'postbackData'], s.postbackData, L.postbackData, 'Postback data');
  variablesProblem(problems, [...path, 'text'], s.text);
  switch (s.type) {
    case 'dial':
      if (!isE164(s.phoneNumber))
        problems.push({
          path: [...path, 'phoneNumber'],
          message: E164_MESSAGE,
        });
      break;
    case 'open_url': {
      const message = templateUrlProblem(s.url, 'The URL');
      if (message) problems.push({ path: [...path, 'url'], message });
      break;
    }
    case 'view_location':
      if (!(s.latitude >= -90 && s.latitude <= 90))
        problems.push({ path: [...path, 'latitude'], message: 'Latitude is between -90 and 90.' });
      if (!(s.longitude >= -180 && s.longitude <= 180))
        problems.push({ path: [...path, 'longitude'], message: 'Longitude is between -180 and 180.' });
      lengthProblem(problems, [...path, 'label'], s.label, L.locationLabel, 'The location label');
      break;
    case 'calendar': {
      if (!s.title.trim()) problems.push({ path: [...path, 'title'], message: 'The event needs a title.' });
      lengthProblem(problems, [...path, 'title'], s.title, L.calendarTitle, 'The event title');
      lengthProblem(
        problems,
        [...path, 'description'],
        s.description,
        L.calendarDescription,
        'The event description',
      );
      const start = Date.parse(s.startTime);
      const end = Date.parse(s.endTime);
      if (Number.isNaN(start))
        problems.push({ path: [...path, 'startTime'], message: 'Enter the start date and time.' });
      if (Number.isNaN(end))
        problems.push({ path: [...path, 'endTime'], message: 'Enter the end date and time.' });
      else if (!Number.isNaN(start) && end <= start)
        problems.push({ path: [...path, 'endTime'], message: 'The event ends after it starts.' });
      break;
    }
    case 'reply':
    case 'share_location':
      break;
  }
  return problems;
}

function suggestionsProblems(
  suggestions: readonly RcsSuggestion[],
  path: TemplateProblem['path'],
  max: number,
  where: string,
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (suggestions.length > max)
    problems.push({ path, message: `${where} has at most ${max} suggestions (now ${suggestions.length}).` });
  suggestions.forEach((s, i) => {
    problems.push(...suggestionProblems(s, [...path, i]));
  });
  return problems;
}

function cardProblems(
  card: RcsCard,
  path: TemplateProblem['path'],
  context: { carouselWidth?: 'SMALL' | 'MEDIUM'; horizontal?: boolean },
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (!card.title?.trim() && !card.description?.trim() && !card.media)
    problems.push({ path, message: 'A card needs a title, a description or media.' });
  lengthProblem(problems, [...path, 'title'], card.title, L.cardTitle, 'The card title');
  lengthProblem(
    problems,
    [...path, 'description'],
    card.description,
    L.cardDescription,
    'The card description',
  );
  variablesProblem(problems, [...path, 'title'], card.title ?? '');
  variablesProblem(problems, [...path, 'description'], card.description ?? '');
  if (card.media) {
    if (card.media.kind === 'document')
      problems.push({
        path: [...path, 'media'],
        message: 'A card shows an image or a video, not a document.',
      });
    if (card.media.source === 'url') {
      const message = templateUrlProblem(card.media.url, 'The media URL');
      if (message) problems.push({ path: [...path, 'media', 'url'], message });
    }
    if (context.carouselWidth === 'SMALL' && card.media.height === 'TALL')
      problems.push({
        path: [...path, 'media', 'height'],
        message: 'Small carousel cards cannot use tall media: choose short or medium.',
      });
  }
  problems.push(
    ...suggestionsProblems(card.suggestions, [...path, 'suggestions'], L.suggestionsPerCard, 'A card'),
  );
  return problems;
}

/** Everything RBM would refuse in this template (empty: it passes). */
export function rcsTemplateProblems(content: RcsTemplateContent): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  switch (content.kind) {
    case 'text':
      if (!content.text.trim()) problems.push({ path: ['text'], message: 'Write the message text.' });
      lengthProblem(problems, ['text'], content.text, L.text, 'The text');
      variablesProblem(problems, ['text'], content.text);
      break;
    case 'rich_card':
      problems.push(
        ...cardProblems(content.card, ['card'], { horizontal: content.orientation === 'HORIZONTAL' }),
      );
      if (content.orientation === 'HORIZONTAL' && !content.card.media)
        problems.push({
          path: ['card', 'media'],
          message: 'A horizontal card shows media beside its text: add it.',
        });
      break;
    case 'carousel':
      if (content.cards.length < L.carouselMin || content.cards.length > L.carouselMax)
        problems.push({
          path: ['cards'],
          message: `A carousel has ${L.carouselMin} to ${L.carouselMax} cards (now ${content.cards.length}).`,
        });
      content.cards.forEach((card, i) => {
        problems.push(...cardProblems(card, ['cards', i], { carouselWidth: content.cardWidth }));
      });
      break;
  }
  problems.push(
    ...suggestionsProblems(content.suggestions, ['suggestions'], L.suggestionsPerMessage, 'A message'),
  );
  const variables = rcsTemplateVariables(content);
  if (variables.length > RCS_TEMPLATE_VARIABLES_MAX)
    problems.push({
      path: [],
      message: `A template uses at most ${RCS_TEMPLATE_VARIABLES_MAX} personalised fields (now ${variables.length}).`,
    });
  return problems;
}
