import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvalRefusal } from '../policy/approved-partner.ts';
import {
  AUDIENCE_FIELD_VALUE_MAX,
  AUDIENCE_MAX_BYTES,
  audienceFileProblem,
  audienceFormatOf,
  createAudienceChecker,
  isOptOutMessage,
  mapAudienceColumns,
  normaliseMsisdn,
  reachPercent,
} from './audiences.ts';

describe('the audience file name and size', () => {
  it('when the name has 50 characters then it is fine, with 51 it is refused', () => {
    const fifty = `${'a'.repeat(46)}.csv`;
    expect(audienceFileProblem(fifty, 10)).toBeNull();
    expect(audienceFileProblem(`a${fifty}`, 10)).toMatch(/longer than 50 characters/);
  });

  it('when the size is 100,000,000 bytes then it is fine, one byte more is refused in 1000-based MB', () => {
    expect(AUDIENCE_MAX_BYTES).toBe(100_000_000);
    expect(audienceFileProblem('a.csv', AUDIENCE_MAX_BYTES)).toBeNull();
    expect(audienceFileProblem('a.csv', AUDIENCE_MAX_BYTES + 1)).toBe(
      'The file is larger than 100.0 MB (it is 100.0 MB).',
    );
    expect(audienceFileProblem('a.csv', 0)).toBe('The file is empty.');
  });

  it('when the extension is not csv, txt or xlsx then the file is refused', () => {
    expect(audienceFormatOf('list.XLSX')).toBe('xlsx');
    expect(audienceFormatOf('list.xls')).toBeNull();
    expect(audienceFileProblem('list.pdf', 10)).toMatch(/CSV, TXT or XLSX/);
  });
});

describe('normaliseMsisdn', () => {
  it('when a number is written in any common way then it is E.164', () => {
    expect(normaliseMsisdn('+91 98765-43210')).toBe('+919876543210');
    expect(normaliseMsisdn('00919876543210', 'IN')).toBe('+919876543210');
    expect(normaliseMsisdn('9876543210', 'IN')).toBe('+919876543210');
  });

  it('when a number lacks its prefix and no country is known, or is not a number, then it is null', () => {
    expect(normaliseMsisdn('9876543210')).toBeNull();
    expect(normaliseMsisdn('hello')).toBeNull();
    expect(normaliseMsisdn('+1234')).toBeNull();
    expect(normaliseMsisdn('')).toBeNull();
  });
});

describe('mapAudienceColumns', () => {
  it('when the header names msisdn and other columns then those are personalised fields', () => {
    expect(mapAudienceColumns(['\uFEFFFirst_Name', 'MSISDN', 'order_id'])).toEqual({
      header: true,
      mapping: {
        numberIndex: 1,
        fields: [
          { name: 'first_name', index: 0 },
          { name: 'order_id', index: 2 },
        ],
      },
    });
  });

  it('when the first line is a number then the file has no header', () => {
    expect(mapAudienceColumns(['+919876543210'])).toEqual({
      header: false,
      mapping: { numberIndex: 0, fields: [] },
    });
  });

  it('when the header has no number column or a column that cannot be a variable then it is refused', () => {
    expect(mapAudienceColumns(['name', 'city'])).toHaveProperty('problem');
    expect(mapAudienceColumns(['msisdn', 'first name'])).toHaveProperty('problem');
    expect(mapAudienceColumns(['msisdn', 'a', 'A'])).toEqual({ problem: 'The column "a" appears twice.' });
  });
});

describe('the audience checker', () => {
  const mapping = { numberIndex: 0, fields: [{ name: 'first_name', index: 1 }] };

  it('gives each line one reason: empty, bad number, too long, opted out, duplicate', () => {
    const checker = createAudienceChecker({ mapping, optedOut: (n) => n === '+919812345678' });
    const verdicts = [
      checker.check(2, ['+919876543210', 'Asha']),
      checker.check(3, ['', '']),
      checker.check(4, ['12345', 'x']),
      checker.check(5, ['+14155550100', 'x'.repeat(AUDIENCE_FIELD_VALUE_MAX + 1)]),
      checker.check(6, ['+919812345678', 'Ravi']),
      checker.check(7, ['+91 98765 43210', 'Asha again']),
    ];
    expect(verdicts[0]).toEqual({
      kept: { line: 2, msisdn: '+919876543210', fields: { first_name: 'Asha' } },
    });
    expect(verdicts.slice(1).map((v) => ('refused' in v ? v.refused.reason : 'kept'))).toEqual([
      'empty',
      'bad_number',
      'too_long',
      'opted_out',
      'duplicate',
    ]);
  });

  it('when resumed with the numbers already kept then those are duplicates', () => {
    const checker = createAudienceChecker({ mapping, optedOut: () => false, seen: ['+919876543210'] });
    expect(checker.check(9, ['+919876543210'])).toHaveProperty('refused.reason', 'duplicate');
  });

  it('property: any mix of valid, invalid, duplicate and quoted lines gives kept + refused = read, no duplicate kept', () => {
    const valid = fc.constantFrom(
      '+919876543210',
      '+91 98123 45678',
      '+14155550100',
      '+447400123456',
      '9876543211',
    );
    const invalid = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('"+91,98"', '12', 'abc', ''));
    const line = fc.tuple(fc.oneof(valid, invalid), fc.string({ maxLength: 30 }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 200 }), fc.boolean(), (rows, withOptOut) => {
        const checker = createAudienceChecker({
          mapping,
          defaultCountry: 'IN',
          optedOut: (n) => withOptOut && n === '+14155550100',
        });
        const verdicts = rows.map((row, i) => checker.check(i + 2, row));
        const kept = verdicts.flatMap((v) => ('kept' in v ? [v.kept.msisdn] : []));
        const refused = verdicts.filter((v) => 'refused' in v).length;
        expect(kept.length + refused).toBe(rows.length);
        expect(new Set(kept).size).toBe(kept.length);
        if (withOptOut) expect(kept).not.toContain('+14155550100');
      }),
    );
  });
});

describe('opt-out words and the approval gate', () => {
  it('when a user sends stop or unsubscribe in any case then it is an opt-out, other text is not', () => {
    expect(isOptOutMessage(' stop ')).toBe(true);
    expect(isOptOutMessage('Unsubscribe')).toBe(true);
    expect(isOptOutMessage('stop sending me offers please')).toBe(false);
    expect(isOptOutMessage(null)).toBe(false);
  });

  it('when an aggregator awaits approval then audience writes are refused with the campaigns message', () => {
    const waiting = { isAggregator: true, launchApproved: false, approvalStatus: null };
    expect(approvalRefusal(waiting, 'audiences.write')).toMatch(/campaigns open once it is approved/);
    expect(approvalRefusal(waiting, 'audiences.read')).toBeNull();
  });
});

describe('reach', () => {
  it('when a share of the reach is shown then it is a percent with one decimal, and nobody is 0.0%', () => {
    expect(reachPercent(23, 25)).toBe('92.0%');
    expect(reachPercent(1, 3)).toBe('33.3%');
    expect(reachPercent(0, 0)).toBe('0.0%');
  });
});
