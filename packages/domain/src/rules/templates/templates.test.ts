import { describe, expect, it } from 'vitest';
import {
  ZRbmAgentMessageJson,
  ZRcsTemplateContent,
  ZTemplateCreateRequest,
  ZWhatsappTemplateContent,
  ZWhatsappTemplateJson,
} from '../../contracts/templates.ts';
import { RCS_TEMPLATE_LIMITS, WHATSAPP_TEMPLATE_LIMITS } from './limits.ts';
import type { RcsCard, RcsSuggestion, RcsTemplateContent, WhatsappTemplateContent } from './model.ts';
import { fromRbmAgentMessage, toRbmAgentMessage } from './rbm-json.ts';
import { rcsTemplateProblems } from './rcs-rules.ts';
import {
  extractVariables,
  fillRcsTemplate,
  fillVariables,
  fillWhatsappTemplate,
  rcsTemplateVariables,
  sampleValues,
  whatsappTemplateVariables,
} from './variables.ts';
import { fromWhatsappTemplate, toWhatsappTemplate } from './whatsapp-json.ts';
import {
  whatsappAuthenticationBody,
  whatsappAuthenticationFooter,
  whatsappNameProblem,
  whatsappTemplateProblems,
} from './whatsapp-rules.ts';

const x = (n: number) => 'x'.repeat(n);
const messages = (problems: { message: string }[]) => problems.map((p) => p.message);
const paths = (problems: { path: (string | number)[] }[]) => problems.map((p) => p.path.join('.'));

/** Google's "Send a rich card" example (RBM guide, standalone card). */
const GOOGLE_RICH_CARD = {
  contentMessage: {
    richCard: {
      standaloneCard: {
        thumbnailImageAlignment: 'RIGHT',
        cardOrientation: 'VERTICAL',
        cardContent: {
          title: 'Hello, world!',
          description: 'RBM is awesome!',
          media: {
            height: 'TALL',
            contentInfo: {
              fileUrl:
                'https://www.google.com/logos/doodles/2015/googles-new-logo-5078286822539264.3-hp2x.gif',
              forceRefresh: false,
            },
          },
          suggestions: [
            { reply: { text: 'Suggestion #1', postbackData: 'suggestion_1' } },
            { reply: { text: 'Suggestion #2', postbackData: 'suggestion_2' } },
          ],
        },
      },
    },
  },
};

/** Google's "Send a carousel" example (two medium cards with replies). */
const GOOGLE_CAROUSEL = {
  contentMessage: {
    richCard: {
      carouselCard: {
        cardWidth: 'MEDIUM',
        cardContents: [
          {
            title: 'Card #1',
            description: 'The description for card #1',
            suggestions: [{ reply: { text: 'Card #1', postbackData: 'card_1' } }],
            media: {
              height: 'MEDIUM',
              contentInfo: {
                fileUrl: 'https://storage.googleapis.com/kitchen-sink-sample-images/cute-dog.jpg',
                forceRefresh: false,
              },
            },
          },
          {
            title: 'Card #2',
            description: 'The description for card #2',
            suggestions: [{ reply: { text: 'Card #2', postbackData: 'card_2' } }],
            media: {
              height: 'MEDIUM',
              contentInfo: {
                fileUrl: 'https://storage.googleapis.com/kitchen-sink-sample-images/elephant.jpg',
                forceRefresh: false,
              },
            },
          },
        ],
      },
    },
  },
};

/** Google's suggested actions example (dial, view location, calendar, open URL, share location). */
const GOOGLE_ACTIONS = {
  contentMessage: {
    text: 'Hello, here are some suggested actions.',
    suggestions: [
      {
        action: {
          text: 'Call',
          postbackData: 'postback_data_1234',
          dialAction: { phoneNumber: '+15556667777' },
        },
      },
      {
        action: {
          text: 'View map',
          postbackData: 'postback_data_1234',
          viewLocationAction: {
            latLong: { latitude: 37.4220188, longitude: -122.0844786 },
            label: 'Googleplex',
          },
        },
      },
      {
        action: {
          text: 'Save to calendar',
          postbackData: 'postback_data_1234',
          createCalendarEventAction: {
            startTime: '2020-06-30T19:00:00Z',
            endTime: '2020-06-30T20:00:00Z',
            title: 'My calendar event',
            description: 'Description of the calendar event',
          },
        },
      },
      {
        action: {
          text: 'Open Google',
          postbackData: 'postback_data_1234',
          openUrlAction: { url: 'https://www.google.com' },
        },
      },
      {
        action: { text: 'Share your location', postbackData: 'postback_data_1234', shareLocationAction: {} },
      },
    ],
  },
};

/** Meta's example of a marketing template (seasonal_promotion, message templates guide). */
const META_SEASONAL = {
  name: 'seasonal_promotion',
  language: 'en_US',
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!', example: { header_text: ['Summer Sale'] } },
    {
      type: 'BODY',
      text: 'Shop now through {{1}} and use code {{2}} to get {{3}} off of all merchandise.',
      example: { body_text: [['the end of August', '25OFF', '25%']] },
    },
    { type: 'FOOTER', text: 'Use the buttons below to manage your marketing subscriptions' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Unsubscribe from Promos' },
        { type: 'QUICK_REPLY', text: 'Unsubscribe from All' },
      ],
    },
  ],
};

/** Meta's authentication template example (copy code, security line, 10 minutes). */
const META_AUTHENTICATION = {
  name: 'authentication_code_copy_code_button',
  language: 'en_US',
  category: 'AUTHENTICATION',
  components: [
    { type: 'BODY', add_security_recommendation: true },
    { type: 'FOOTER', code_expiration_minutes: 10 },
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy Code' }] },
  ],
};

const reply = (text = 'Yes', postbackData = 'yes'): RcsSuggestion => ({ type: 'reply', text, postbackData });
const card = (over: Partial<RcsCard> = {}): RcsCard => ({
  title: 'Title',
  description: 'Text',
  suggestions: [],
  ...over,
});

describe('RBM JSON', () => {
  it.each([
    ['a rich card', GOOGLE_RICH_CARD],
    ['a carousel', GOOGLE_CAROUSEL],
    ['suggested actions', GOOGLE_ACTIONS],
  ])(
    'when Google’s %s example is imported then it passes every limit and exports back the same JSON',
    (_, json) => {
      const parsed = ZRbmAgentMessageJson.parse(json);
      const imported = fromRbmAgentMessage(parsed);
      if ('error' in imported) throw new Error(imported.error);
      expect(rcsTemplateProblems(imported.content)).toEqual([]);
      expect(ZRcsTemplateContent.safeParse(imported.content).success).toBe(true);
      const exported = toRbmAgentMessage(imported.content);
      // Google's vertical card example also names an alignment, which only horizontal cards use.
      if (json === GOOGLE_RICH_CARD) {
        const { thumbnailImageAlignment: _alignment, ...card } =
          GOOGLE_RICH_CARD.contentMessage.richCard.standaloneCard;
        expect(exported).toEqual({ contentMessage: { richCard: { standaloneCard: card } } });
      } else expect(exported).toEqual(json);
    },
  );

  it('when the suggested actions example is imported then every action type is read', () => {
    const imported = fromRbmAgentMessage(ZRbmAgentMessageJson.parse(GOOGLE_ACTIONS));
    if ('error' in imported) throw new Error(imported.error);
    expect(imported.content.suggestions.map((s) => s.type)).toEqual([
      'dial',
      'view_location',
      'calendar',
      'open_url',
      'share_location',
    ]);
  });

  it('when a message holds text and a rich card then the import says why it is refused', () => {
    const json = { contentMessage: { text: 'hi', richCard: GOOGLE_RICH_CARD.contentMessage.richCard } };
    expect(fromRbmAgentMessage(ZRbmAgentMessageJson.parse(json))).toEqual({
      error: expect.stringContaining('exactly one of text or a rich card'),
    });
  });

  it('when a view-location action names only a query then the import says it is not supported', () => {
    const json = {
      contentMessage: {
        text: 'hi',
        suggestions: [{ action: { text: 'Map', viewLocationAction: { query: 'Googleplex' } } }],
      },
    };
    expect(fromRbmAgentMessage(ZRbmAgentMessageJson.parse(json))).toEqual({
      error: expect.stringContaining('latitude'),
    });
  });

  it('when a horizontal card is exported then it carries its alignment and no media height', () => {
    const content: RcsTemplateContent = {
      kind: 'rich_card',
      orientation: 'HORIZONTAL',
      imageAlignment: 'RIGHT',
      card: card({
        media: { source: 'upload', key: 'public/template-media/a.png', kind: 'image', height: 'TALL' },
      }),
      suggestions: [],
    };
    const json = toRbmAgentMessage(content, () => 'https://cdn.example/a.png');
    expect(json.contentMessage.richCard?.standaloneCard).toEqual({
      cardOrientation: 'HORIZONTAL',
      thumbnailImageAlignment: 'RIGHT',
      cardContent: {
        title: 'Title',
        description: 'Text',
        media: { contentInfo: { fileUrl: 'https://cdn.example/a.png', forceRefresh: false } },
      },
    });
  });
});

describe('RCS limits', () => {
  const text = (t: string, suggestions: RcsSuggestion[] = []): RcsTemplateContent => ({
    kind: 'text',
    text: t,
    suggestions,
  });

  it('when the text is 3072 characters then it passes, and at 3073 it is refused at the text', () => {
    expect(rcsTemplateProblems(text(x(RCS_TEMPLATE_LIMITS.text)))).toEqual([]);
    const problems = rcsTemplateProblems(text(x(RCS_TEMPLATE_LIMITS.text + 1)));
    expect(paths(problems)).toEqual(['text']);
    expect(messages(problems)[0]).toContain('at most 3072');
  });
  it('when the text is empty then it is refused', () => {
    expect(messages(rcsTemplateProblems(text('  ')))).toEqual(['Write the message text.']);
  });
  it('when a message has 11 suggestions then it passes, and 12 are refused', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => reply(`R${i}`, `r${i}`));
    expect(rcsTemplateProblems(text('Hi', many(11)))).toEqual([]);
    expect(messages(rcsTemplateProblems(text('Hi', many(12))))).toEqual([
      'A message has at most 11 suggestions (now 12).',
    ]);
  });
  it('when a suggestion text is 26 characters or its postback data 2049 then each is refused at its field', () => {
    const problems = rcsTemplateProblems(text('Hi', [reply(x(26), x(2049))]));
    expect(paths(problems)).toEqual(['suggestions.0.text', 'suggestions.0.postbackData']);
  });
  it('when a card has 5 suggestions, a 201-character title and a 2001-character description then each is refused', () => {
    const content: RcsTemplateContent = {
      kind: 'rich_card',
      orientation: 'VERTICAL',
      imageAlignment: 'LEFT',
      card: card({
        title: x(201),
        description: x(2001),
        suggestions: Array.from({ length: 5 }, (_, i) => reply(`R${i}`)),
      }),
      suggestions: [],
    };
    expect(paths(rcsTemplateProblems(content))).toEqual([
      'card.title',
      'card.description',
      'card.suggestions',
    ]);
  });
  it('when a card has no title, description or media then it is refused', () => {
    const content: RcsTemplateContent = {
      kind: 'rich_card',
      orientation: 'VERTICAL',
      imageAlignment: 'LEFT',
      card: { suggestions: [] },
      suggestions: [],
    };
    expect(messages(rcsTemplateProblems(content))).toEqual(['A card needs a title, a description or media.']);
  });
  it('when a horizontal card has no media then it is refused', () => {
    const content: RcsTemplateContent = {
      kind: 'rich_card',
      orientation: 'HORIZONTAL',
      imageAlignment: 'LEFT',
      card: card(),
      suggestions: [],
    };
    expect(paths(rcsTemplateProblems(content))).toEqual(['card.media']);
  });
  it('when a carousel has 1 or 11 cards then it is refused, and 2 to 10 pass', () => {
    const carousel = (n: number): RcsTemplateContent => ({
      kind: 'carousel',
      cardWidth: 'MEDIUM',
      cards: Array.from({ length: n }, () => card()),
      suggestions: [],
    });
    expect(messages(rcsTemplateProblems(carousel(1)))).toEqual(['A carousel has 2 to 10 cards (now 1).']);
    expect(messages(rcsTemplateProblems(carousel(11)))).toEqual(['A carousel has 2 to 10 cards (now 11).']);
    expect(rcsTemplateProblems(carousel(2))).toEqual([]);
    expect(rcsTemplateProblems(carousel(10))).toEqual([]);
  });
  it('when small carousel cards use tall media then the media height is refused', () => {
    const media = {
      source: 'url' as const,
      url: 'https://cdn.example/a.png',
      kind: 'image' as const,
      height: 'TALL' as const,
    };
    const content: RcsTemplateContent = {
      kind: 'carousel',
      cardWidth: 'SMALL',
      cards: [card({ media }), card()],
      suggestions: [],
    };
    expect(paths(rcsTemplateProblems(content))).toEqual(['cards.0.media.height']);
    expect(rcsTemplateProblems({ ...content, cardWidth: 'MEDIUM' })).toEqual([]);
  });
  it('when media is http, javascript: or a document then it is refused', () => {
    const problems = (url: string, kind: 'image' | 'document' = 'image') =>
      messages(
        rcsTemplateProblems({
          kind: 'rich_card',
          orientation: 'VERTICAL',
          imageAlignment: 'LEFT',
          card: card({ media: { source: 'url', url, kind, height: 'MEDIUM' } }),
          suggestions: [],
        }),
      );
    expect(problems('http://cdn.example/a.png')).toEqual(['The media URL must be an https:// address.']);
    expect(problems('javascript:alert(1)')).toEqual(['The media URL must be an https:// address.']);
    expect(problems('https://cdn.example/a.pdf', 'document')).toEqual([
      'A card shows an image or a video, not a document.',
    ]);
  });
  it('when actions are malformed then each is refused at its field', () => {
    const problems = rcsTemplateProblems(
      text('Hi', [
        { type: 'dial', text: 'Call', postbackData: '', phoneNumber: '5556667777' },
        { type: 'open_url', text: 'Open', postbackData: '', url: 'ftp://x' },
        { type: 'view_location', text: 'Map', postbackData: '', latitude: 91, longitude: -181 },
        {
          type: 'calendar',
          text: 'Save',
          postbackData: '',
          title: x(101),
          description: x(501),
          startTime: '2026-01-02T10:00:00Z',
          endTime: '2026-01-02T09:00:00Z',
        },
      ]),
    );
    expect(paths(problems)).toEqual([
      'suggestions.0.phoneNumber',
      'suggestions.1.url',
      'suggestions.2.latitude',
      'suggestions.2.longitude',
      'suggestions.3.title',
      'suggestions.3.description',
      'suggestions.3.endTime',
    ]);
  });
  it('when a personalised field is not a name then it is refused', () => {
    expect(messages(rcsTemplateProblems(text('Hi {{first name}} {{1x}}')))).toHaveLength(1);
    expect(messages(rcsTemplateProblems(text('Hi {{1x}}')))[0]).toContain('is not a personalised field');
    expect(rcsTemplateProblems(text('Hi {{first_name}}, your code is {{ code }}'))).toEqual([]);
  });
  it('when the zod contract reads a template then the rules’ problems are issues at their paths', () => {
    const result = ZRcsTemplateContent.safeParse({ kind: 'text', text: x(3073) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['text']);
  });
});

describe('variables', () => {
  it('when a text holds fields then they are extracted in order, once each, and filled', () => {
    expect(extractVariables('Hi {{first_name}}, {{ city }} and {{first_name}} again')).toEqual([
      'first_name',
      'city',
    ]);
    expect(fillVariables('Hi {{first_name}} from {{city}}', { first_name: 'Asha' })).toBe(
      'Hi Asha from {{city}}',
    );
    expect(sampleValues(['first_name', 'city'], { city: 'Pune' })).toEqual({
      first_name: '[first_name]',
      city: 'Pune',
    });
  });
  it('when an RCS template is filled then every text of every card and suggestion is', () => {
    const content: RcsTemplateContent = {
      kind: 'carousel',
      cardWidth: 'MEDIUM',
      cards: [
        card({
          title: 'For {{first_name}}',
          suggestions: [
            { type: 'open_url', text: 'Open', postbackData: 'o_{{id}}', url: 'https://x.example/{{id}}' },
          ],
        }),
        card({ description: 'In {{city}}' }),
      ],
      suggestions: [reply('Hi {{first_name}}')],
    };
    expect(rcsTemplateVariables(content)).toEqual(['first_name', 'id', 'city']);
    const filled = fillRcsTemplate(content, { first_name: 'Asha', id: '42', city: 'Pune' });
    expect(rcsTemplateVariables(filled)).toEqual([]);
    expect(JSON.stringify(filled)).toContain('https://x.example/42');
  });
  it('when a WhatsApp template is filled with its examples then the preview shows them', () => {
    const imported = fromWhatsappTemplate(ZWhatsappTemplateJson.parse(META_SEASONAL));
    if ('error' in imported) throw new Error(imported.error);
    expect(whatsappTemplateVariables(imported.content)).toEqual({ header: ['1'], body: ['1', '2', '3'] });
    const filled = fillWhatsappTemplate(imported.content);
    expect(filled.body.text).toBe(
      'Shop now through the end of August and use code 25OFF to get 25% off of all merchandise.',
    );
    expect(filled.header).toEqual({ format: 'TEXT', text: 'Our Summer Sale is on!', example: 'Summer Sale' });
  });
});

const marketing = (over: Partial<WhatsappTemplateContent> = {}): WhatsappTemplateContent => ({
  category: 'MARKETING',
  header: null,
  body: { text: 'Hello {{1}}, welcome.', examples: ['Asha'] },
  footer: null,
  buttons: [],
  ...over,
});

describe('WhatsApp JSON', () => {
  it('when Meta’s marketing example is imported then it passes every limit and exports back the same JSON', () => {
    const imported = fromWhatsappTemplate(ZWhatsappTemplateJson.parse(META_SEASONAL));
    if ('error' in imported) throw new Error(imported.error);
    expect(whatsappTemplateProblems(imported.content)).toEqual([]);
    expect(ZWhatsappTemplateContent.safeParse(imported.content).success).toBe(true);
    expect(
      toWhatsappTemplate({ name: imported.name, language: imported.language }, imported.content),
    ).toEqual(META_SEASONAL);
  });
  it('when Meta’s authentication example is imported then it passes and exports back the same JSON', () => {
    const imported = fromWhatsappTemplate(ZWhatsappTemplateJson.parse(META_AUTHENTICATION));
    if ('error' in imported) throw new Error(imported.error);
    expect(imported.content.body.text).toBe(whatsappAuthenticationBody(true));
    expect(imported.content.footer).toBe(whatsappAuthenticationFooter(10));
    expect(whatsappTemplateProblems(imported.content)).toEqual([]);
    expect(
      toWhatsappTemplate({ name: imported.name, language: imported.language }, imported.content),
    ).toEqual(META_AUTHENTICATION);
  });
  it('when every button type is exported then each has Meta’s shape', () => {
    const content = marketing({
      buttons: [
        {
          type: 'URL',
          text: 'Shop',
          url: 'https://shop.example/{{1}}',
          example: 'https://shop.example/summer',
        },
        { type: 'PHONE_NUMBER', text: 'Call us', phoneNumber: '+15550001111' },
        { type: 'COPY_CODE', text: 'Copy offer code', example: '25OFF' },
      ],
    });
    expect(whatsappTemplateProblems(content)).toEqual([]);
    const json = toWhatsappTemplate({ name: 'shop', language: 'en_US' }, content);
    expect(json.components.at(-1)).toEqual({
      type: 'BUTTONS',
      buttons: [
        {
          type: 'URL',
          text: 'Shop',
          url: 'https://shop.example/{{1}}',
          example: ['https://shop.example/summer'],
        },
        { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+15550001111' },
        { type: 'COPY_CODE', example: '25OFF' },
      ],
    });
  });
  it('when a media header is exported then its example is the upload handle the caller gives', () => {
    const content = marketing({
      header: {
        format: 'IMAGE',
        media: { source: 'upload', key: 'public/template-media/a.png', kind: 'image' },
      },
    });
    const json = toWhatsappTemplate({ name: 'promo', language: 'en_US' }, content, () => '4::aW1hZ2U=');
    expect(json.components[0]).toEqual({
      type: 'HEADER',
      format: 'IMAGE',
      example: { header_handle: ['4::aW1hZ2U='] },
    });
  });
  it('when the JSON has no body then the import says so', () => {
    expect(fromWhatsappTemplate(ZWhatsappTemplateJson.parse({ ...META_SEASONAL, components: [] }))).toEqual({
      error: 'A template needs a BODY component.',
    });
  });
});

describe('WhatsApp limits', () => {
  it('when the name has capitals, spaces or 513 characters then it is refused', () => {
    expect(whatsappNameProblem('Summer Sale')).toContain('lower-case');
    expect(whatsappNameProblem(x(WHATSAPP_TEMPLATE_LIMITS.name + 1))).toContain('at most 512');
    expect(whatsappNameProblem('summer_sale_2026')).toBeNull();
  });
  it('when the header is 61 characters or holds two variables then it is refused', () => {
    expect(
      messages(whatsappTemplateProblems(marketing({ header: { format: 'TEXT', text: x(61) } }))),
    ).toEqual(['The header is at most 60 characters.']);
    expect(
      messages(
        whatsappTemplateProblems(
          marketing({ header: { format: 'TEXT', text: 'A {{1}} {{2}}', example: 'x' } }),
        ),
      ),
    ).toEqual(['The header holds at most one variable, {{1}}.']);
  });
  it('when the header variable has no example then it is refused at the example', () => {
    expect(
      paths(whatsappTemplateProblems(marketing({ header: { format: 'TEXT', text: 'Our {{1}} sale' } }))),
    ).toEqual(['header.example.0']);
  });
  it('when the body is 1025 characters then it is refused, at 1024 it passes', () => {
    expect(whatsappTemplateProblems(marketing({ body: { text: x(1024), examples: [] } }))).toEqual([]);
    expect(
      messages(whatsappTemplateProblems(marketing({ body: { text: x(1025), examples: [] } })))[0],
    ).toContain('at most 1024');
  });
  it('when body variables skip a number, lack an example or start the body then each is refused', () => {
    expect(
      messages(
        whatsappTemplateProblems(marketing({ body: { text: 'Hi {{1}} and {{3}}.', examples: ['a', 'b'] } })),
      ),
    ).toEqual(['Number the variables in order: {{1}} first, then {{2}}, and so on, without gaps.']);
    expect(
      paths(whatsappTemplateProblems(marketing({ body: { text: 'Hi {{1}} and {{2}}.', examples: ['a'] } }))),
    ).toEqual(['body.examples.1']);
    expect(
      messages(whatsappTemplateProblems(marketing({ body: { text: '{{1}} is here.', examples: ['a'] } }))),
    ).toEqual(['The body cannot start or end with a variable.']);
    expect(
      messages(whatsappTemplateProblems(marketing({ body: { text: 'Hi {{name}}.', examples: ['a'] } })))[0],
    ).toContain('not a WhatsApp variable');
  });
  it('when the footer is 61 characters or holds a variable then it is refused', () => {
    expect(messages(whatsappTemplateProblems(marketing({ footer: x(61) })))).toEqual([
      'The footer is at most 60 characters.',
    ]);
    expect(messages(whatsappTemplateProblems(marketing({ footer: 'Hi {{1}}' })))).toEqual([
      'The footer cannot hold variables.',
    ]);
  });
  it('when buttons exceed their counts then each count is refused', () => {
    const quick = Array.from({ length: 11 }, (_, i) => ({ type: 'QUICK_REPLY' as const, text: `Q${i}` }));
    expect(messages(whatsappTemplateProblems(marketing({ buttons: quick })))).toEqual([
      'A template has at most 10 buttons (now 11).',
    ]);
    const url = { type: 'URL' as const, text: 'Go', url: 'https://x.example' };
    expect(messages(whatsappTemplateProblems(marketing({ buttons: [url, url, url] })))).toEqual([
      'A template has at most 2 URL buttons.',
    ]);
    const phone = { type: 'PHONE_NUMBER' as const, text: 'Call', phoneNumber: '+15550001111' };
    expect(messages(whatsappTemplateProblems(marketing({ buttons: [phone, phone] })))).toEqual([
      'A template has at most 1 phone number button.',
    ]);
    const code = { type: 'COPY_CODE' as const, text: 'Copy', example: 'A1' };
    expect(messages(whatsappTemplateProblems(marketing({ buttons: [code, code] })))).toEqual([
      'A template has at most 1 copy code button.',
    ]);
    expect(messages(whatsappTemplateProblems(marketing({ category: 'UTILITY', buttons: [code] })))).toEqual([
      'Utility templates cannot have a copy code button.',
    ]);
  });
  it('when quick replies are split by another button then it is refused', () => {
    const q = { type: 'QUICK_REPLY' as const, text: 'Yes' };
    const url = { type: 'URL' as const, text: 'Go', url: 'https://x.example' };
    expect(messages(whatsappTemplateProblems(marketing({ buttons: [q, url, q] })))).toEqual([
      'Keep the quick replies together: all before or all after the other buttons.',
    ]);
    expect(whatsappTemplateProblems(marketing({ buttons: [q, q, url] }))).toEqual([]);
  });
  it('when a button text is 26 characters, a URL has a middle variable or a code example is 16 then each is refused', () => {
    const problems = whatsappTemplateProblems(
      marketing({
        buttons: [
          { type: 'QUICK_REPLY', text: x(26) },
          { type: 'URL', text: 'Go', url: 'https://x.example/{{1}}/a', example: 'https://x.example/1/a' },
          { type: 'COPY_CODE', text: 'Copy', example: x(16) },
        ],
      }),
    );
    expect(paths(problems)).toEqual(['buttons.0.text', 'buttons.1.url', 'buttons.2.example']);
  });
  it('when an authentication template has a header, wrong text or a bad expiry then each is refused', () => {
    const auth: WhatsappTemplateContent = {
      category: 'AUTHENTICATION',
      header: { format: 'TEXT', text: 'Code' },
      body: { text: 'Your code is {{1}}', examples: ['123456'] },
      footer: null,
      buttons: [{ type: 'COPY_CODE', text: 'Copy code' }],
      authentication: { securityRecommendation: false, codeExpirationMinutes: 91 },
    };
    expect(paths(whatsappTemplateProblems(auth))).toEqual([
      'header',
      'body.text',
      'authentication.codeExpirationMinutes',
      'footer',
    ]);
  });
});

describe('the create contract', () => {
  it('when a WhatsApp template is named with capitals then the name is refused at its field', () => {
    const result = ZTemplateCreateRequest.safeParse({
      bot_id: '7f0c1d7e-8b1a-4c55-9a51-0c6d2a0b9a11',
      channel: 'whatsapp',
      name: 'Summer Sale',
      language: 'en_US',
      content: marketing(),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['name']);
  });
  it('when an RCS carousel with suggestions is created then it is read with its defaults', () => {
    const result = ZTemplateCreateRequest.parse({
      bot_id: '7f0c1d7e-8b1a-4c55-9a51-0c6d2a0b9a11',
      channel: 'rcs',
      name: 'Monsoon offers',
      language: 'en',
      content: {
        kind: 'carousel',
        cards: [{ title: 'A' }, { title: 'B', suggestions: [{ type: 'reply', text: 'Buy' }] }],
      },
    });
    expect(result.content).toMatchObject({ kind: 'carousel', cardWidth: 'MEDIUM', suggestions: [] });
    expect(result.submit).toBe(false);
  });
});
