import { describe, expect, it } from 'vitest';
import { AUDIENCE_FILE_KINDS } from '../contracts/content.ts';
import { AUDIENCE_FILES, audienceSampleRows, parseAudienceRows, toDelimitedText } from './audience-file.ts';

describe('the audience file definition', () => {
  for (const kind of AUDIENCE_FILE_KINDS) {
    it(`when the ${kind} sample's rows are read then every row is accepted unchanged`, () => {
      const audience = parseAudienceRows(kind, audienceSampleRows(kind));
      expect(audience.errors).toEqual([]);
      expect(audience.records).toHaveLength(AUDIENCE_FILES[kind].sample.length);
      expect(audience.records[0]?.msisdn).toBe(AUDIENCE_FILES[kind].sample[0]?.[0]);
    });
  }

  it('when a value holds the delimiter, quotes or a line break then it is quoted', () => {
    expect(toDelimitedText([['+919876543210', 'Said "Hi", left\nnext line']], 'csv')).toBe(
      '+919876543210,"Said ""Hi"", left\nnext line"\r\n',
    );
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
});
