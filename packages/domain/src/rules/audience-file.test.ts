import { describe, expect, it } from 'vitest';
import { AUDIENCE_FILE_KINDS } from '../contracts/content.ts';
import {
  AUDIENCE_FILES,
  audienceSampleRows,
  parseAudienceRows,
  parseDelimitedText,
  toDelimitedText,
} from './audience-file.ts';

describe('the audience file definition', () => {
  for (const kind of AUDIENCE_FILE_KINDS) {
    for (const format of ['csv', 'txt'] as const) {
      it(`when the ${kind} sample is written as ${format} and parsed back then every row is accepted unchanged`, () => {
        const rows = audienceSampleRows(kind);
        const parsed = parseDelimitedText(toDelimitedText(rows, format), format);
        expect(parsed).toEqual(rows);
        const audience = parseAudienceRows(kind, parsed);
        expect(audience.errors).toEqual([]);
        expect(audience.records).toHaveLength(AUDIENCE_FILES[kind].sample.length);
        expect(audience.records[0]?.msisdn).toBe(AUDIENCE_FILES[kind].sample[0]?.[0]);
      });
    }
  }

  it('when a value holds the delimiter or quotes then it is quoted and read back whole', () => {
    const rows = [
      ['msisdn', 'first_name'],
      ['+919876543210', 'Said "Hi", left\nnext line'],
    ];
    expect(parseDelimitedText(toDelimitedText(rows, 'csv'), 'csv')).toEqual(rows);
  });

  it('when the header lacks msisdn then the file is refused on line 1', () => {
    expect(parseAudienceRows('audience', [['phone'], ['+919876543210']]).errors).toEqual([
      { line: 1, message: 'The header must name the column msisdn.' },
    ]);
  });

  it('when a row has a bad or missing number then that line is reported and the others kept', () => {
    const parsed = parseAudienceRows('personalised', [
      ['MSISDN', 'first_name'],
      ['+919876543210', 'Asha'],
      ['12ab', 'Ravi'],
      ['', 'Nobody'],
    ]);
    expect(parsed.records).toEqual([{ msisdn: '+919876543210', first_name: 'Asha' }]);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4]);
  });

  it('when the text starts with a BOM and has blank lines then they are ignored', () => {
    expect(parseDelimitedText('\uFEFFmsisdn\n\n+919876543210\n', 'csv')).toEqual([
      ['msisdn'],
      ['+919876543210'],
    ]);
  });
});
