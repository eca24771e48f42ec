import { describe, expect, it } from 'vitest';
import { TIME_ZONE_OFFSETS } from '../constants/time-zones.ts';
import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDateTimeZoned,
  formatDayInput,
  parseDayInput,
  utcOffsetLabel,
  utcOffsetMinutes,
} from './formats.ts';

// vitest.config.ts pins TZ to Asia/Kolkata (+05:30), so "local time" below is IST.

describe('formatCurrency', () => {
  it.each([
    [0, '$0.00'],
    [1, '$1.00'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [-1234.567, '-$1,234.57'],
    [0.1 + 0.2, '$0.30'],
    [-0, '$0.00'],
    [-0.001, '$0.00'],
  ])('when given the number %s then it shows %s', (value, expected) => {
    expect(formatCurrency(value)).toBe(expected);
  });

  it.each([
    ['0', '$0.00'],
    ['1234.5', '$1,234.50'],
    ['1234.50', '$1,234.50'],
    ['-42.1', '-$42.10'],
    ['+42', '$42.00'],
    ['.5', '$0.50'],
    ['5.', '$5.00'],
    [' 42 ', '$42.00'],
    ['0.005', '$0.01'],
    ['1.005', '$1.01'],
    ['12345678901234567.89', '$12,345,678,901,234,567.89'],
    ['0.000001', '$0.00'],
  ])('when given the decimal string %j then it shows %s', (value, expected) => {
    expect(formatCurrency(value)).toBe(expected);
  });

  it('when given a decimal string then it keeps digits a float would lose', () => {
    expect(formatCurrency(Number('12345678901234567.89'))).toBe('$12,345,678,901,234,568.00');
    expect(formatCurrency('12345678901234567.89')).toBe('$12,345,678,901,234,567.89');
    expect(formatCurrency('0.125')).toBe('$0.13');
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    'abc',
    '12abc',
    '$12',
    '1,000',
    '1e3',
    '0x10',
    'Infinity',
    '-Infinity',
    'NaN',
    '--1',
    '.',
  ])('when given %j then it returns an empty string', (value) => {
    expect(formatCurrency(value)).toBe('');
  });

  it('when given something that is not a number or a string at run time then it returns an empty string', () => {
    expect(formatCurrency({} as unknown as number)).toBe('');
    expect(formatCurrency(true as unknown as number)).toBe('');
  });
});

describe('utcOffsetMinutes', () => {
  it.each([
    ['+05:30', 330],
    ['-08:00', -480],
    ['+00:00', 0],
    ['-00:00', 0],
    ['Z', 0],
    ['+0545', 345],
    ['+14:00', 840],
    [' +09:00 ', 540],
  ])('when given %j then it returns %d minutes', (offset, minutes) => {
    expect(utcOffsetMinutes(offset)).toBe(minutes);
  });

  it.each(['', 'IST', '+5:30', '05:30', '+15:00', '+05:60', 'UTC+1'])(
    'when given %j then it returns null',
    (offset) => {
      expect(utcOffsetMinutes(offset)).toBeNull();
    },
  );

  it('when given any of the 12 labelled offsets then it parses it', () => {
    for (const { offset } of TIME_ZONE_OFFSETS) expect(utcOffsetMinutes(offset)).not.toBeNull();
  });
});

describe('formatDateTime', () => {
  const instant = '2025-03-05T09:00:00Z';

  it('when given no offset then it shows the instant in local time (IST here)', () => {
    expect(formatDateTime(instant)).toBe('05/03/2025 | 02:30 PM');
  });

  it('when given no offset then it matches the explicit local offset', () => {
    const ms = Date.parse(instant);
    const local = -new Date(ms).getTimezoneOffset();
    const sign = local < 0 ? '-' : '+';
    const abs = Math.abs(local);
    const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    expect(formatDateTime(instant)).toBe(formatDateTime(instant, offset));
  });

  it.each([
    ['+05:30', '05/03/2025 | 02:30 PM'],
    ['+00:00', '05/03/2025 | 09:00 AM'],
    ['Z', '05/03/2025 | 09:00 AM'],
    ['-08:00', '05/03/2025 | 01:00 AM'],
    ['-05:00', '05/03/2025 | 04:00 AM'],
    ['+09:00', '05/03/2025 | 06:00 PM'],
  ])('when given the offset %s then it shows the wall clock of that offset', (offset, expected) => {
    expect(formatDateTime(instant, offset)).toBe(expected);
  });

  it('when the offset crosses midnight then the date changes with it', () => {
    expect(formatDateTime('2025-03-05T20:00:00Z', '+05:30')).toBe('06/03/2025 | 01:30 AM');
    expect(formatDateTime('2025-03-05T03:00:00Z', '-08:00')).toBe('04/03/2025 | 07:00 PM');
    expect(formatDateTime('2024-12-31T23:59:00Z', '+01:00')).toBe('01/01/2025 | 12:59 AM');
  });

  it('when the hour is midnight or noon then it uses the 12-hour clock with AM and PM', () => {
    expect(formatDateTime('2025-03-05T00:00:00Z', '+00:00')).toBe('05/03/2025 | 12:00 AM');
    expect(formatDateTime('2025-03-05T12:00:00Z', '+00:00')).toBe('05/03/2025 | 12:00 PM');
    expect(formatDateTime('2025-03-05T23:07:00Z', '+00:00')).toBe('05/03/2025 | 11:07 PM');
  });

  it('when the string carries its own offset then it is read as that instant', () => {
    expect(formatDateTime('2025-03-05T14:30:00+05:30', '+00:00')).toBe('05/03/2025 | 09:00 AM');
    expect(formatDateTime('2025-03-05T14:30:00+0530', '+00:00')).toBe('05/03/2025 | 09:00 AM');
    expect(formatDateTime('2025-03-05T14:30:00+05', '+00:00')).toBe('05/03/2025 | 09:30 AM');
    expect(formatDateTime('2025-03-05T01:00:00-08:00', '+00:00')).toBe('05/03/2025 | 09:00 AM');
  });

  it('when the string has a time but no offset then it is read as UTC (the API stores UTC)', () => {
    expect(formatDateTime('2025-03-05T09:00:00', '+00:00')).toBe('05/03/2025 | 09:00 AM');
    expect(formatDateTime('2025-03-05 09:00:00', '+05:30')).toBe('05/03/2025 | 02:30 PM');
    expect(formatDateTime('2025-03-05T09:00', '+00:00')).toBe('05/03/2025 | 09:00 AM');
    expect(formatDateTime('2025-03-05T09:00:00.123456Z', '+00:00')).toBe('05/03/2025 | 09:00 AM');
  });

  it('when given a Date or epoch milliseconds then it formats that instant', () => {
    const ms = Date.UTC(2025, 2, 5, 9, 0, 0);
    expect(formatDateTime(new Date(ms), '+00:00')).toBe('05/03/2025 | 09:00 AM');
    expect(formatDateTime(ms, '+00:00')).toBe('05/03/2025 | 09:00 AM');
    expect(formatDateTime(0, '+00:00')).toBe('01/01/1970 | 12:00 AM');
  });

  it('when given a date without a time then it shows midnight of that calendar date in every zone', () => {
    expect(formatDateTime('2025-03-05')).toBe('05/03/2025 | 12:00 AM');
    expect(formatDateTime('2025-03-05', '-08:00')).toBe('05/03/2025 | 12:00 AM');
  });

  it.each([
    'garbage',
    'foo 1',
    'March 5, 2025',
    '05/03/2025',
    '2025-02-30',
    '2025-02-29T10:00:00Z',
    '2025-13-01',
    '2025-00-10',
    '2025-03-05T24:00:00Z',
    '2025-03-05T10:60:00Z',
    '2025-03-05T10:00:00+25:00',
    '2025-3-5',
    '',
    '   ',
  ])('when given the string %j then it returns it unchanged', (input) => {
    expect(formatDateTime(input)).toBe(input);
  });

  it('when given null, undefined, NaN or an invalid Date then it returns the same value', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime(undefined)).toBeUndefined();
    expect(formatDateTime(Number.NaN)).toBeNaN();
    expect(formatDateTime(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(formatDateTime(8.64e15 + 1)).toBe(8.64e15 + 1);
    const invalid = new Date('nope');
    expect(formatDateTime(invalid)).toBe(invalid);
  });

  it('when given an offset that is not one then it returns the input unchanged', () => {
    expect(formatDateTime(instant, 'IST')).toBe(instant);
    expect(formatDateTime(instant, '+15:00')).toBe(instant);
  });

  it('when given a leap day then it formats it', () => {
    expect(formatDateTime('2024-02-29T10:15:00Z', '+00:00')).toBe('29/02/2024 | 10:15 AM');
  });
});

describe('formatDate', () => {
  it('when given a calendar date then it shows D Mon YYYY without a leading zero', () => {
    expect(formatDate('2025-03-05')).toBe('5 Mar 2025');
    expect(formatDate('2025-12-25')).toBe('25 Dec 2025');
    expect(formatDate('2024-02-29')).toBe('29 Feb 2024');
  });

  it('when given a calendar date and any offset then the date is not shifted', () => {
    for (const { offset } of TIME_ZONE_OFFSETS) expect(formatDate('2025-03-05', offset)).toBe('5 Mar 2025');
  });

  it('when given an instant then it shows the date in local time or in the given offset', () => {
    expect(formatDate('2025-03-05T20:00:00Z')).toBe('6 Mar 2025');
    expect(formatDate('2025-03-05T20:00:00Z', '+00:00')).toBe('5 Mar 2025');
    expect(formatDate('2025-03-05T20:00:00Z', '+05:30')).toBe('6 Mar 2025');
    expect(formatDate('2025-03-05T03:00:00Z', '-08:00')).toBe('4 Mar 2025');
    expect(formatDate(new Date(Date.UTC(2025, 0, 1, 12)), '+00:00')).toBe('1 Jan 2025');
    expect(formatDate(Date.UTC(2023, 0, 1), '+00:00')).toBe('1 Jan 2023');
  });

  it('when given each month then it uses the English three-letter name', () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    months.forEach((name, index) => {
      const month = String(index + 1).padStart(2, '0');
      expect(formatDate(`2025-${month}-15`)).toBe(`15 ${name} 2025`);
    });
  });

  it.each(['garbage', '2025-02-30', '31/12/2025', '', 'Invalid Date'])(
    'when given the string %j then it returns it unchanged',
    (input) => {
      expect(formatDate(input)).toBe(input);
    },
  );

  it('when given null, undefined or an invalid Date then it returns the same value', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate(undefined)).toBeUndefined();
    const invalid = new Date(Number.NaN);
    expect(formatDate(invalid)).toBe(invalid);
    expect(formatDate('2025-03-05', 'nowhere')).toBe('2025-03-05');
  });
});

describe('formatDateTimeZoned', () => {
  it("when a time is shown then its zone is stated: the viewer's (IST here) or the one given", () => {
    expect(formatDateTimeZoned('2025-03-05T09:00:00Z')).toBe('05/03/2025 | 02:30 PM UTC+05:30');
    expect(formatDateTimeZoned('2025-03-05T09:00:00Z', '+00:00')).toBe('05/03/2025 | 09:00 AM UTC');
    expect(formatDateTimeZoned('2025-03-05T09:00:00Z', '-08:00')).toBe('05/03/2025 | 01:00 AM UTC-08:00');
  });

  it('when the input is a calendar date or not a date then no zone is said', () => {
    expect(formatDateTimeZoned('2025-03-05')).toBe('05/03/2025 | 12:00 AM');
    expect(formatDateTimeZoned('not a date')).toBe('not a date');
    expect(formatDateTimeZoned(null)).toBeNull();
  });

  it('when an offset is written then its label pads hours and minutes', () => {
    expect(utcOffsetLabel(0)).toBe('UTC');
    expect(utcOffsetLabel(330)).toBe('UTC+05:30');
    expect(utcOffsetLabel(-480)).toBe('UTC-08:00');
    expect(utcOffsetLabel(45)).toBe('UTC+00:45');
  });
});

describe('day-first date fields', () => {
  it('shows a day as DD/MM/YYYY and reads it back, with or without leading zeros', () => {
    expect(formatDayInput('2026-03-05')).toBe('05/03/2026');
    expect(formatDayInput('')).toBe('');
    expect(formatDayInput('05/03/2026')).toBe('');
    expect(parseDayInput('05/03/2026')).toBe('2026-03-05');
    expect(parseDayInput(' 5/3/2026 ')).toBe('2026-03-05');
    expect(parseDayInput('5.3.2026')).toBe('2026-03-05');
    expect(parseDayInput('29-02-2028')).toBe('2028-02-29');
  });

  it('refuses what is not a real day, or month first beyond 12', () => {
    expect(parseDayInput('31/02/2026')).toBeNull();
    expect(parseDayInput('03/13/2026')).toBeNull();
    expect(parseDayInput('2026-03-05')).toBeNull();
    expect(parseDayInput('05/03/26')).toBeNull();
    expect(parseDayInput('')).toBeNull();
  });
});
