import { describe, expect, it } from 'vitest';
import { RBM_BANNER, RBM_LOGO } from './bot-fields.ts';
import {
  LAUNCH_QUESTION_FIELDS,
  LAUNCH_STEP_SLUGS,
  type LaunchPreflightInput,
  launchPreflight,
  launchStepTitle,
} from './launch-preflight.ts';

const READY: LaunchPreflightInput = {
  bot: {
    rcs: true,
    logo: { width: RBM_LOGO.width, height: RBM_LOGO.height, bytes: 20_000 },
    banner: { width: RBM_BANNER.width, height: RBM_BANNER.height, bytes: 150_000 },
    privacyUrl: 'https://example.com/privacy',
    termsUrl: 'https://example.com/terms',
  },
  brand: { name: 'Acme', verified: true, stateLabel: 'Approved' },
  carriers: [
    { id: 1, name: 'Carrier One', hasPrice: true },
    { id: 2, name: 'Carrier Two', hasPrice: true },
  ],
  questionnaire: Object.fromEntries(
    LAUNCH_QUESTION_FIELDS.map((f) => [f, `A full answer for ${f} that a reviewer can read.`]),
  ),
  media: { screenshots: 2, video: false },
  loa: true,
  verifiedCarriers: [1],
  wallet: { exists: true, available: 100_000_000n, price: 50_000_000n, heldAlready: false },
  privacy: { state: 'ok', status: 200 },
};

function codes(input: Partial<LaunchPreflightInput>) {
  return launchPreflight({ ...READY, ...input }).map((item) => `${item.step}:${item.code}`);
}

describe('launch pre-flight', () => {
  it('when everything a carrier checks is in order then nothing is listed', () => {
    expect(launchPreflight(READY)).toEqual([]);
  });

  it('when no carrier is chosen then it says so on Review Carriers', () => {
    expect(codes({ carriers: [], verifiedCarriers: [] })).toEqual(['carriers:no-carrier']);
  });

  it('when a carrier has no rate plan then it is named', () => {
    const items = launchPreflight({
      ...READY,
      carriers: [{ id: 3, name: 'Nowhere Tel', hasPrice: false }],
      verifiedCarriers: [],
    });
    expect(items.map((i) => i.message)).toEqual([
      'Nowhere Tel has no rate plan in force: choose another carrier.',
    ]);
    expect(items[0]?.field).toBe('carrier_ids');
  });

  it('when no opt-out is described or an answer is too short then each points to its field on Bot Details & Experience', () => {
    const items = launchPreflight({
      ...READY,
      questionnaire: { ...READY.questionnaire, opt_out: '  ', trigger: 'short' },
    });
    expect(items.map((i) => [i.step, i.code, i.field])).toEqual([
      ['experience', 'trigger-short', 'trigger'],
      ['experience', 'opt_out-missing', 'opt_out'],
    ]);
  });

  it('when there are neither screenshots nor a video then it is listed; a video alone is enough', () => {
    expect(codes({ media: { screenshots: 0, video: false } })).toEqual(['experience:media-missing']);
    expect(codes({ media: { screenshots: 0, video: true } })).toEqual([]);
  });

  it('when the logo or banner is outside the limits or missing then it says what the network wants', () => {
    const items = launchPreflight({
      ...READY,
      bot: { ...READY.bot, logo: { width: 300, height: 300, bytes: 60_000 }, banner: null },
    });
    expect(items.map((i) => i.code)).toEqual(['logo-limits', 'banner-missing']);
    expect(items[0]?.message).toContain('224 x 224 px');
  });

  it('when the bot is WhatsApp only then logo, banner and terms are not asked for', () => {
    expect(codes({ bot: { ...READY.bot, rcs: false, logo: null, banner: null, termsUrl: null } })).toEqual(
      [],
    );
  });

  it('when the privacy URL is missing or does not answer then it is listed with the detail', () => {
    expect(codes({ privacy: { state: 'missing' } })).toEqual(['experience:privacy-missing']);
    const items = launchPreflight({ ...READY, privacy: { state: 'failed', detail: 'HTTP 404' } });
    expect(items[0]?.message).toBe('The privacy policy URL does not answer (HTTP 404).');
  });

  it('when the brand is missing or not verified then Brand Details fixes it', () => {
    expect(codes({ brand: null })).toEqual(['brand:brand-missing']);
    expect(codes({ brand: { name: 'Acme', verified: false, stateLabel: 'Submitted' } })).toEqual([
      'brand:brand-not-verified',
    ]);
  });

  it('when the LOA is missing or a verified carrier is not chosen then Business Verification fixes it', () => {
    expect(codes({ loa: false, verifiedCarriers: [9] })).toEqual([
      'verification:loa-missing',
      'verification:verified-carrier-not-chosen',
    ]);
  });

  it('when the wallet is too low for the hold then Payment lists it, unless the hold is already taken', () => {
    const low = { exists: true, available: 49_999_999n, price: 50_000_000n, heldAlready: false };
    expect(codes({ wallet: low })).toEqual(['payment:wallet-too-low']);
    expect(codes({ wallet: { ...low, heldAlready: true } })).toEqual([]);
    expect(codes({ wallet: { ...low, exists: false } })).toEqual(['payment:no-wallet']);
  });

  it('lists the problems in stepper order and every step slug has the spec title', () => {
    const items = launchPreflight({
      ...READY,
      carriers: [],
      brand: null,
      loa: false,
      privacy: { state: 'missing' },
    });
    const order = items.map((i) => LAUNCH_STEP_SLUGS.indexOf(i.step));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(LAUNCH_STEP_SLUGS.map(launchStepTitle)).toEqual([
      'Review Carriers',
      'Bot Details & Experience',
      'Brand Details',
      'Business Verification',
      'Payment',
    ]);
  });
});
