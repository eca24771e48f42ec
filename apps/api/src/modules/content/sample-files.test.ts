import { Readable } from 'node:stream';
import { AUDIENCE_FILE_KINDS, AUDIENCE_FILES, audienceSampleRows, toDelimitedText } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { delimitedRows, parseAudienceFile } from './sample-files.ts';

/** Audience files as users upload them, read through csv-parse's streaming parser (issue 31, point 8). */
describe('reading delimited audience files', () => {
  for (const kind of AUDIENCE_FILE_KINDS) {
    for (const format of ['csv', 'txt'] as const) {
      it(`when the ${kind} sample is written as ${format} and read back then every row is accepted unchanged`, async () => {
        const rows = audienceSampleRows(kind);
        const bytes = Buffer.from(toDelimitedText(rows, format), 'utf8');
        expect(await delimitedRows(bytes, format)).toEqual(rows);
        const audience = await parseAudienceFile(kind, format, bytes);
        expect(audience.errors).toEqual([]);
        expect(audience.records).toHaveLength(AUDIENCE_FILES[kind].sample.length);
      });
    }
  }

  it('when a value holds the delimiter, quotes or a line break then it is read back whole', async () => {
    const rows = [
      ['msisdn', 'first_name'],
      ['+919876543210', 'Said "Hi", left\nnext line'],
    ];
    expect(await delimitedRows(Buffer.from(toDelimitedText(rows, 'csv')), 'csv')).toEqual(rows);
  });

  it('when the text starts with a BOM and has blank lines then they are ignored', async () => {
    expect(await delimitedRows(Buffer.from('\uFEFFmsisdn\n\n+919876543210\n'), 'csv')).toEqual([
      ['msisdn'],
      ['+919876543210'],
    ]);
  });

  it('when the upload arrives in chunks that cut a quoted value then it is read as it streams', async () => {
    const text = 'msisdn,first_name\r\n+919876543210,"José, Jr."\r\n+447700900123,Emily\r\n';
    const chunks = [text.slice(0, 30), text.slice(30, 37), text.slice(37)].map((c) => Buffer.from(c));
    expect(await delimitedRows(Readable.from(chunks), 'csv')).toEqual([
      ['msisdn', 'first_name'],
      ['+919876543210', 'José, Jr.'],
      ['+447700900123', 'Emily'],
    ]);
  });

  it('when a quote is never closed then the file is refused, not read wrongly', async () => {
    await expect(delimitedRows(Buffer.from('msisdn\n"+919876543210\n'), 'csv')).rejects.toThrow(/quote/i);
    await expect(
      parseAudienceFile('audience', 'csv', Buffer.from('msisdn\n"+919876543210\n')),
    ).rejects.toMatchObject({ httpStatus: 400 });
  });
});
