import { describe, expect, it } from 'vitest';
import { BOT_STATUS } from '../constants/statuses.ts';
import { can } from '../policy/index.ts';
import {
  BOT_STATUS_NAMES,
  botLockedFields,
  botStatusLabel,
  botStatusOf,
  canDeleteBot,
  ZBotBrandRequest,
  ZBotsQuery,
  ZRcsBotDetailsRequest,
  ZWhatsappBotDetailsRequest,
} from './bots.ts';

const rcs = {
  display_name: 'Acme Deliveries',
  description: 'Track parcels and book deliveries.',
  brand_color: '#e91b0c',
  phones: [{ number: '+919876543210', label: 'Support' }],
  privacy_policy_url: 'https://acme.example/privacy',
  terms_url: 'https://acme.example/terms',
  message_category: 'Transactional',
  region: 'India',
  billing_category: 'CONVERSATIONAL',
  api_type: 'GOOGLE',
  hosting_region: 'ASIA_PACIFIC',
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('bot status', () => {
  it('when a status code is labelled then every code of BOT_STATUS has a label and an unknown code reads as itself', () => {
    for (const name of BOT_STATUS_NAMES)
      expect(botStatusLabel(BOT_STATUS[name])).not.toBe(String(BOT_STATUS[name]));
    expect(botStatusLabel(10)).toBe('Launched');
    expect(botStatusLabel(-1)).toBe('Draft');
    expect(botStatusOf(77)).toEqual({ key: '77', code: 77, label: '77' });
  });

  it('when a bot is a draft, failed or rejected then it may be deleted and edited freely; live or in review it may not', () => {
    expect(canDeleteBot(-2)).toBe(true);
    expect(canDeleteBot(9)).toBe(true);
    expect(canDeleteBot(10)).toBe(false);
    expect(botLockedFields(-1)).toEqual([]);
    expect(botLockedFields(10)).toContain('display_name');
    expect(botLockedFields(10)).toContain('whatsapp.phone');
    expect(botLockedFields(10)).not.toContain('whatsapp.about');
  });
});

describe('bot requests', () => {
  it('when the RCS details are valid then they parse with defaults and the colour upper-cased', () => {
    const parsed = ZRcsBotDetailsRequest.parse(rcs);
    expect(parsed.brand_color).toBe('#E91B0C');
    expect(parsed.emails).toEqual([]);
    expect(parsed.chatbot_platform_id).toBeNull();
    expect(parsed.submit).toBe(false);
  });

  it('when the RCS details break the rules then each message says what', () => {
    const result = ZRcsBotDetailsRequest.safeParse({
      ...rcs,
      brand_color: '#FFEEAA',
      phones: [],
      region: 'Mars',
      billing_category: 'nope',
    });
    expect(messagesOf(result)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/too light on white/),
        'Choose the region: India or Rest of World.',
        'Choose a billing category.',
      ]),
    );
    expect(messagesOf(ZRcsBotDetailsRequest.safeParse({ ...rcs, phones: [] }))).toEqual([
      'Add at least one phone number, email address or website.',
    ]);
    const four = Array.from({ length: 4 }, () => ({ number: '+919876543210', label: 'Support' }));
    expect(messagesOf(ZRcsBotDetailsRequest.safeParse({ ...rcs, phones: four }))).toEqual([
      'At most 3 phone numbers.',
    ]);
  });

  it("when the WhatsApp details break Meta's rules then the message names the rule", () => {
    const ok = {
      display_name: 'Acme',
      phone: '+919876543210',
      about: 'We deliver.',
      category: 'RETAIL',
      waba_id: '104996122399160',
    };
    expect(ZWhatsappBotDetailsRequest.safeParse(ok).success).toBe(true);
    expect(messagesOf(ZWhatsappBotDetailsRequest.safeParse({ ...ok, display_name: 'ACME STORES' }))).toEqual([
      'Display name must not be all capitals (only an acronym of up to 5 letters may be).',
    ]);
  });

  it('when the brand step names both an existing brand and a new one then it is refused', () => {
    expect(ZBotBrandRequest.safeParse({ brand_id: '6f1c2b7e-3d4a-4b5c-8d9e-0f1a2b3c4d5e' }).success).toBe(
      true,
    );
    expect(messagesOf(ZBotBrandRequest.safeParse({}))).toEqual([
      'Pick a brand or fill in a new one (not both).',
    ]);
  });

  it('when the list is filtered then status, channel and carrier are checked', () => {
    expect(ZBotsQuery.parse({ status: 'launched', channel: 'rcs', carrier_id: '3' })).toMatchObject({
      status: 'launched',
      channel: 'rcs',
      carrier_id: 3,
      sort: 'updated_at',
      order: 'desc',
    });
    expect(ZBotsQuery.safeParse({ channel: 'sms' }).success).toBe(false);
  });
});

describe('bots policy', () => {
  it('when a read-only child user asks then it may read but not write or test; providers and carriers do neither', () => {
    expect(can('CHILD_AGGREGATOR_READONLY', 'bots.read')).toBe(true);
    expect(can('CHILD_AGGREGATOR_READONLY', 'bots.write')).toBe(false);
    expect(can('CHILD_AGGREGATOR_READONLY', 'bots.test')).toBe(false);
    expect(can(null, 'bots.write')).toBe(true);
    expect(can('CHILD_AGGREGATOR_READWRITE', 'bots.test')).toBe(true);
    expect(can('SUPER_ADMIN_PORTICO', 'bots.read')).toBe(false);
    expect(can('ADMIN_BILLING', 'bots.read')).toBe(false);
  });
});
