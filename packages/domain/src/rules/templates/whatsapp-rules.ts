import { INTERNATIONAL_NUMBER_MESSAGE, isInternationalNumber } from '../phone-numbers.ts';
import { WHATSAPP_TEMPLATE_LIMITS as L } from './limits.ts';
import type { TemplateProblem, WhatsappButton, WhatsappTemplateContent } from './model.ts';
import { templateUrlProblem } from './rcs-rules.ts';
import { extractVariables, variableOccurrences, whatsappVariableProblem } from './variables.ts';

/**
 * What Meta would refuse in a WhatsApp message template, each at its field (limits.ts cites the
 * documentation). Checked while typing in the builder and again by the API.
 */

const chars = (value: string) => [...value].length;

/** A WhatsApp template's name: lower-case letters, digits and underscores, at most 512. */
export function whatsappNameProblem(name: string): string | null {
  if (!name) return 'Enter the template name.';
  if (chars(name) > L.name) return `The name is at most ${L.name} characters.`;
  if (!/^[a-z0-9_]+$/.test(name))
    return 'WhatsApp template names use lower-case letters, digits and underscores only.';
  return null;
}

/** Meta's fixed text of an authentication template (the code is {{1}}). */
export function whatsappAuthenticationBody(securityRecommendation: boolean): string {
  return securityRecommendation
    ? '{{1}} is your verification code. For your security, do not share this code.'
    : '{{1}} is your verification code.';
}
/** Meta's footer of an authentication template with an expiry. */
export function whatsappAuthenticationFooter(minutes: number | null): string | null {
  return minutes === null ? null : `This code expires in ${minutes} minutes.`;
}

/** Numbered variables must be {{1}} .. {{n}}, each with an example, in order of first use. */
function numberedProblems(
  problems: TemplateProblem[],
  path: TemplateProblem['path'],
  text: string,
  examples: readonly (string | undefined)[],
  examplesPath: TemplateProblem['path'],
) {
  const names = extractVariables(text);
  for (const name of names) {
    const message = whatsappVariableProblem(name);
    if (message) problems.push({ path, message });
  }
  const numbers = names.map(Number);
  if (numbers.some((n, i) => n !== i + 1))
    problems.push({
      path,
      message: 'Number the variables in order: {{1}} first, then {{2}}, and so on, without gaps.',
    });
  numbers.forEach((_, i) => {
    const example = examples[i];
    if (!example?.trim())
      problems.push({
        path: [...examplesPath, i],
        message: `Give an example for {{${i + 1}}}: Meta reviews it.`,
      });
    else if (chars(example) > L.variableExample)
      problems.push({
        path: [...examplesPath, i],
        message: `An example is at most ${L.variableExample} characters.`,
      });
  });
}

function buttonProblems(
  buttons: readonly WhatsappButton[],
  category: WhatsappTemplateContent['category'],
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const count = (type: WhatsappButton['type']) => buttons.filter((b) => b.type === type).length;
  if (buttons.length > L.buttons)
    problems.push({
      path: ['buttons'],
      message: `A template has at most ${L.buttons} buttons (now ${buttons.length}).`,
    });
  if (count('URL') > L.urlButtons)
    problems.push({ path: ['buttons'], message: `A template has at most ${L.urlButtons} URL buttons.` });
  if (count('PHONE_NUMBER') > L.phoneNumberButtons)
    problems.push({
      path: ['buttons'],
      message: `A template has at most ${L.phoneNumberButtons} phone number button.`,
    });
  if (count('COPY_CODE') > L.copyCodeButtons)
    problems.push({
      path: ['buttons'],
      message: `A template has at most ${L.copyCodeButtons} copy code button.`,
    });
  if (category === 'UTILITY' && count('COPY_CODE') > 0)
    problems.push({ path: ['buttons'], message: 'Utility templates cannot have a copy code button.' });
  // Quick replies form one group, before or after the other buttons, never mixed in between.
  const kinds = buttons.map((b) => (b.type === 'QUICK_REPLY' ? 'q' : 'o')).join('');
  if (/q+o+q|o+q+o/.test(kinds))
    problems.push({
      path: ['buttons'],
      message: 'Keep the quick replies together: all before or all after the other buttons.',
    });
  buttons.forEach((button, i) => {
    const path = ['buttons', i];
    if (!button.text.trim()) problems.push({ path: [...path, 'text'], message: 'The button needs a text.' });
    if (chars(button.text) > L.buttonText)
      problems.push({
        path: [...path, 'text'],
        message: `A button text is at most ${L.buttonText} characters.`,
      });
    if (extractVariables(button.text).length > 0)
      problems.push({ path: [...path, 'text'], message: 'A button text cannot hold variables.' });
    if (button.type === 'URL') {
      const message = templateUrlProblem(button.url, 'The URL', L.buttonUrl);
      if (message) problems.push({ path: [...path, 'url'], message });
      const vars = variableOccurrences(button.url);
      if (
        vars.length > 1 ||
        (vars.length === 1 && (vars[0]?.name !== '1' || vars[0].end !== button.url.length))
      )
        problems.push({
          path: [...path, 'url'],
          message: 'A URL may end with one variable, {{1}}, and hold no other.',
        });
      if (vars.length === 1 && !button.example?.trim())
        problems.push({
          path: [...path, 'example'],
          message: 'Give an example of the full URL: Meta reviews it.',
        });
    }
    if (button.type === 'PHONE_NUMBER') {
      if (chars(button.phoneNumber) > L.phoneNumber)
        problems.push({
          path: [...path, 'phoneNumber'],
          message: `A phone number is at most ${L.phoneNumber} characters.`,
        });
      else if (!isInternationalNumber(button.phoneNumber))
        problems.push({
          path: [...path, 'phoneNumber'],
          message: INTERNATIONAL_NUMBER_MESSAGE,
        });
    }
    if (button.type === 'COPY_CODE' && category !== 'AUTHENTICATION') {
      if (!button.example?.trim())
        problems.push({ path: [...path, 'example'], message: 'Give an example of the code.' });
      else if (chars(button.example) > L.copyCodeExample)
        problems.push({
          path: [...path, 'example'],
          message: `A code example is at most ${L.copyCodeExample} characters.`,
        });
    }
  });
  return problems;
}

/** Everything Meta would refuse in this template's content (empty: it passes). */
export function whatsappTemplateProblems(content: WhatsappTemplateContent): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const { header, body, footer, buttons } = content;

  if (content.category === 'AUTHENTICATION') {
    if (header) problems.push({ path: ['header'], message: 'Authentication templates have no header.' });
    const auth = content.authentication;
    const expected = whatsappAuthenticationBody(auth?.securityRecommendation ?? false);
    if (body.text !== expected)
      problems.push({
        path: ['body', 'text'],
        message: `Meta sets the text of authentication templates: "${expected}"`,
      });
    const minutes = auth?.codeExpirationMinutes ?? null;
    if (
      minutes !== null &&
      (minutes < L.codeExpirationMinMinutes ||
        minutes > L.codeExpirationMaxMinutes ||
        !Number.isInteger(minutes))
    )
      problems.push({
        path: ['authentication', 'codeExpirationMinutes'],
        message: `The code expires after ${L.codeExpirationMinMinutes} to ${L.codeExpirationMaxMinutes} minutes.`,
      });
    if (footer !== whatsappAuthenticationFooter(minutes))
      problems.push({
        path: ['footer'],
        message: 'Meta sets the footer of authentication templates from the expiry.',
      });
    if (buttons.length !== 1 || buttons[0]?.type !== 'COPY_CODE')
      problems.push({ path: ['buttons'], message: 'An authentication template has one button: copy code.' });
    else if (!buttons[0].text.trim() || chars(buttons[0].text) > L.buttonText)
      problems.push({
        path: ['buttons', 0, 'text'],
        message: `The button text is 1 to ${L.buttonText} characters.`,
      });
    if (!body.examples[0]?.trim())
      problems.push({ path: ['body', 'examples', 0], message: 'Give an example code: Meta reviews it.' });
    return problems;
  }
  if (content.authentication)
    problems.push({ path: ['authentication'], message: 'Only authentication templates set a code expiry.' });

  if (header?.format === 'TEXT') {
    if (!header.text.trim())
      problems.push({ path: ['header', 'text'], message: 'Write the header, or remove it.' });
    if (chars(header.text) > L.headerText)
      problems.push({
        path: ['header', 'text'],
        message: `The header is at most ${L.headerText} characters.`,
      });
    if (extractVariables(header.text).length > L.headerVariables)
      problems.push({ path: ['header', 'text'], message: 'The header holds at most one variable, {{1}}.' });
    else numberedProblems(problems, ['header', 'text'], header.text, [header.example], ['header', 'example']);
  } else if (header && header.media.source === 'url') {
    const message = templateUrlProblem(header.media.url, 'The media URL');
    if (message) problems.push({ path: ['header', 'media', 'url'], message });
  }
  if (header && header.format !== 'TEXT' && header.media.kind !== header.format.toLowerCase())
    problems.push({
      path: ['header', 'media'],
      message: `The header is a ${header.format.toLowerCase()}: upload one.`,
    });

  if (!body.text.trim()) problems.push({ path: ['body', 'text'], message: 'Write the message body.' });
  if (chars(body.text) > L.body)
    problems.push({
      path: ['body', 'text'],
      message: `The body is at most ${L.body} characters (now ${chars(body.text)}).`,
    });
  numberedProblems(problems, ['body', 'text'], body.text, body.examples, ['body', 'examples']);
  const occurrences = variableOccurrences(body.text.trim());
  const trimmed = body.text.trim();
  if (occurrences.length > 0 && (occurrences[0]?.start === 0 || occurrences.at(-1)?.end === trimmed.length))
    problems.push({ path: ['body', 'text'], message: 'The body cannot start or end with a variable.' });
  if (body.examples.length > extractVariables(body.text).length)
    problems.push({ path: ['body', 'examples'], message: 'There are more examples than variables.' });

  if (footer !== null) {
    if (chars(footer) > L.footer)
      problems.push({ path: ['footer'], message: `The footer is at most ${L.footer} characters.` });
    if (extractVariables(footer).length > 0)
      problems.push({ path: ['footer'], message: 'The footer cannot hold variables.' });
  }
  problems.push(...buttonProblems(buttons, content.category));
  return problems;
}
