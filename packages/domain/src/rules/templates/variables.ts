import { TEMPLATE_VARIABLE_NAME_MAX } from './limits.ts';
import type { RcsCard, RcsSuggestion, RcsTemplateContent, WhatsappTemplateContent } from './model.ts';

/**
 * Variables: personalised fields like {{first_name}} in RCS templates (campaigns fill them from the
 * audience file's columns), numbered ones {{1}}, {{2}} in WhatsApp templates (Meta's positional
 * parameters). Spaces inside the braces are tolerated on reading: {{ first_name }}.
 */
const VARIABLE = /\{\{\s*([^{}\s]*)\s*\}\}/g;
const FIELD_NAME = new RegExp(`^[A-Za-z_][A-Za-z0-9_]{0,${TEMPLATE_VARIABLE_NAME_MAX - 1}}$`);
const NUMBERED = /^[1-9]\d{0,2}$/;

/** The variables in a text, in order of first appearance, each once. */
export function extractVariables(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Every variable occurrence (repeats included), e.g. to find one at the start or end. */
export function variableOccurrences(text: string): { name: string; start: number; end: number }[] {
  return [...text.matchAll(VARIABLE)].map((m) => ({
    name: m[1] ?? '',
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** Why this RCS personalised field's name is refused, or null. */
export function rcsVariableProblem(name: string): string | null {
  if (!FIELD_NAME.test(name))
    return `{{${name}}} is not a personalised field: use letters, digits and underscores, starting with a letter (at most ${TEMPLATE_VARIABLE_NAME_MAX}), like {{first_name}}.`;
  return null;
}

/** Why this WhatsApp variable is refused, or null: WhatsApp variables are numbers. */
export function whatsappVariableProblem(name: string): string | null {
  if (!NUMBERED.test(name)) return `{{${name}}} is not a WhatsApp variable: use numbers, {{1}}, {{2}} ...`;
  return null;
}

/** Replaces each {{name}} with its value; a variable without a value stays as it is. */
export function fillVariables(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? whole) : whole,
  );
}

function suggestionTexts(s: RcsSuggestion): string[] {
  const texts = [s.text, s.postbackData];
  if (s.type === 'open_url') texts.push(s.url);
  if (s.type === 'calendar') texts.push(s.title, s.description ?? '');
  if (s.type === 'view_location') texts.push(s.label ?? '');
  return texts;
}
function cardTexts(card: RcsCard): string[] {
  return [card.title ?? '', card.description ?? '', ...card.suggestions.flatMap(suggestionTexts)];
}

/** Every text of an RCS template that may hold personalised fields. */
export function rcsTemplateTexts(content: RcsTemplateContent): string[] {
  const messageSuggestions = content.suggestions.flatMap(suggestionTexts);
  switch (content.kind) {
    case 'text':
      return [content.text, ...messageSuggestions];
    case 'rich_card':
      return [...cardTexts(content.card), ...messageSuggestions];
    case 'carousel':
      return [...content.cards.flatMap(cardTexts), ...messageSuggestions];
  }
}

/** The personalised fields an RCS template uses, in order, each once. */
export function rcsTemplateVariables(content: RcsTemplateContent): string[] {
  return [...new Set(rcsTemplateTexts(content).flatMap(extractVariables))];
}

/** The WhatsApp template's variables: the header's and the body's (numbered, each once). */
export function whatsappTemplateVariables(content: WhatsappTemplateContent): {
  header: string[];
  body: string[];
} {
  return {
    header: content.header?.format === 'TEXT' ? extractVariables(content.header.text) : [],
    body: extractVariables(content.body.text),
  };
}

const mapSuggestion = (s: RcsSuggestion, fill: (t: string) => string): RcsSuggestion => {
  const base = { ...s, text: fill(s.text), postbackData: fill(s.postbackData) };
  if (base.type === 'open_url') return { ...base, url: fill(base.url) };
  if (base.type === 'calendar')
    return {
      ...base,
      title: fill(base.title),
      ...(base.description !== undefined ? { description: fill(base.description) } : {}),
    };
  if (base.type === 'view_location' && base.label !== undefined) return { ...base, label: fill(base.label) };
  return base;
};
const mapCard = (card: RcsCard, fill: (t: string) => string): RcsCard => ({
  ...card,
  ...(card.title !== undefined ? { title: fill(card.title) } : {}),
  ...(card.description !== undefined ? { description: fill(card.description) } : {}),
  suggestions: card.suggestions.map((s) => mapSuggestion(s, fill)),
});

/** The RCS template with its personalised fields filled (the preview, a test send, a campaign). */
export function fillRcsTemplate(
  content: RcsTemplateContent,
  values: Readonly<Record<string, string>>,
): RcsTemplateContent {
  const fill = (t: string) => fillVariables(t, values);
  const suggestions = content.suggestions.map((s) => mapSuggestion(s, fill));
  switch (content.kind) {
    case 'text':
      return { ...content, text: fill(content.text), suggestions };
    case 'rich_card':
      return { ...content, card: mapCard(content.card, fill), suggestions };
    case 'carousel':
      return { ...content, cards: content.cards.map((c) => mapCard(c, fill)), suggestions };
  }
}

/** A WhatsApp template's text with its examples filled (the preview): body {{n}} -> examples[n-1]. */
export function fillWhatsappTemplate(
  content: WhatsappTemplateContent,
  values?: { header?: string[]; body?: string[] },
): WhatsappTemplateContent {
  const bodyValues = values?.body ?? content.body.examples;
  const numbered = (list: string[]) => Object.fromEntries(list.map((v, i) => [String(i + 1), v]));
  const header =
    content.header?.format === 'TEXT'
      ? {
          ...content.header,
          text: fillVariables(
            content.header.text,
            numbered(values?.header ?? (content.header.example ? [content.header.example] : [])),
          ),
        }
      : content.header;
  return {
    ...content,
    header,
    body: { ...content.body, text: fillVariables(content.body.text, numbered(bodyValues)) },
  };
}

/** Sample values for the preview: each field's name in brackets, e.g. {{first_name}} -> [first_name]. */
export function sampleValues(names: readonly string[], given: Readonly<Record<string, string>> = {}) {
  return Object.fromEntries(names.map((name) => [name, given[name]?.trim() ? given[name] : `[${name}]`]));
}
