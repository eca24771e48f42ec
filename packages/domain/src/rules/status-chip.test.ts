import { describe, expect, it } from 'vitest';
import { AGGREGATOR_CARRIER_MACHINE, AGGREGATOR_MACHINE } from '../review/aggregator.ts';
import { BOT_CARRIER_MACHINE, BOT_MACHINE } from '../review/bot.ts';
import { BRAND_CARRIER_MACHINE, BRAND_MACHINE } from '../review/brand.ts';
import { TEMPLATE_MACHINE } from '../review/template.ts';
import {
  publicationPresentation,
  STATUS_CHIP_MAX_CHARS,
  statusPresentation,
  userStatusPresentation,
} from './status-chip.ts';

const MACHINES = [
  BOT_MACHINE,
  BOT_CARRIER_MACHINE,
  BRAND_MACHINE,
  BRAND_CARRIER_MACHINE,
  AGGREGATOR_MACHINE,
  AGGREGATOR_CARRIER_MACHINE,
  TEMPLATE_MACHINE,
];

describe('statusPresentation', () => {
  it.each(
    MACHINES.flatMap((machine) =>
      Object.entries(machine.states).map(([key, state]) => [machine.subject, key, state.label] as const),
    ),
  )(
    'when a %s is %s then its chip label fits one line and keeps the full wording',
    (_subject, key, label) => {
      const chip = statusPresentation({ key, label });
      expect(chip.short.length).toBeLessThanOrEqual(STATUS_CHIP_MAX_CHARS);
      expect(chip.short.length).toBeGreaterThan(0);
      expect(chip.long).toBe(label);
    },
  );

  it('when a state has a long wording then the chip says the short form and keeps the wording', () => {
    expect(
      statusPresentation({
        key: 'bot_approved_by_portico_pending_from_carrier',
        label: 'Approved by the platform, pending from the carriers',
      }),
    ).toEqual({
      short: 'Awaiting carriers',
      long: 'Approved by the platform, pending from the carriers',
      tone: 'primary',
    });
  });

  it('when one key means two states then each gets its own tone', () => {
    expect(statusPresentation({ key: 'pending', label: 'Selected' }).tone).toBe('grey');
    expect(statusPresentation({ key: 'pending', label: 'Pending approval' })).toEqual({
      short: 'Pending',
      long: 'Pending approval',
      tone: 'info',
    });
  });

  it('when the state is unknown then it reads as itself, grey, cut at a whole word', () => {
    expect(statusPresentation({ key: '77', label: '77' })).toEqual({ short: '77', long: '77', tone: 'grey' });
    expect(statusPresentation({ key: 'x', label: 'Waiting for something rather long' }).short).toBe(
      'Waiting for',
    );
    expect(statusPresentation({ key: 'x', label: 'Held: the wallet did not cover it' }).short).toBe('Held');
  });
});

describe('userStatusPresentation and publicationPresentation', () => {
  it('when a user is invited then the chip says so and why', () => {
    expect(userStatusPresentation('invited')).toEqual({
      short: 'Invited',
      long: 'Invited: has not set a password yet',
      tone: 'info',
    });
    expect(userStatusPresentation('active').tone).toBe('success');
    expect(userStatusPresentation('frozen')).toEqual({ short: 'frozen', long: 'frozen', tone: 'grey' });
  });

  it('when a release is a draft then the chip says it is not public', () => {
    expect(publicationPresentation(true).short).toBe('Published');
    expect(publicationPresentation(false)).toEqual({
      short: 'Draft',
      long: 'Draft: not public yet',
      tone: 'grey',
    });
  });
});
