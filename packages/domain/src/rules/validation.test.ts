import { describe, expect, it } from 'vitest';
import { LIMITS, PAYLOAD_REQUIRED } from '../constants/product.ts';
import {
  hasPdfMagicBytes,
  isNumeric,
  isPdfFileType,
  isValidAudienceFileName,
  PayloadRequiredError,
  requirePayload,
} from './validation.ts';

describe('isNumeric', () => {
  it.each([
    0,
    1,
    -1,
    1.5,
    -0,
    Number.MAX_SAFE_INTEGER,
    1e21,
    '0',
    '42',
    '-42',
    '+42',
    '3.14',
    '-0.5',
    '.5',
    '007',
    ' 12 ',
    '\t12\n',
    '12345678901234567890',
  ])('when given %j then it is valid', (value) => {
    expect(isNumeric(value)).toBe(true);
  });

  it.each([
    null,
    undefined,
    '',
    ' ',
    '\t\n',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    'Infinity',
    '-Infinity',
    'NaN',
    '1e3',
    '1E3',
    '0x1F',
    '0b101',
    '1,000',
    '1_000',
    '12abc',
    'abc',
    '5.',
    '.',
    '-',
    '+',
    '1.2.3',
    '1 2',
    true,
    false,
    [],
    [1],
    {},
    new Date(0),
  ])('when given %j then it is invalid', (value) => {
    expect(isNumeric(value)).toBe(false);
  });

  it('when given a bigint then it is valid', () => {
    expect(isNumeric(10n)).toBe(true);
    expect(isNumeric(-(2n ** 70n))).toBe(true);
  });
});

describe('isValidAudienceFileName', () => {
  it('when the name is at most 50 characters then it is valid', () => {
    expect(LIMITS.audienceFileNameMaxLength).toBe(50);
    expect(isValidAudienceFileName('audience.csv')).toBe(true);
    expect(isValidAudienceFileName('a')).toBe(true);
    expect(isValidAudienceFileName('a'.repeat(50))).toBe(true);
    expect(isValidAudienceFileName(`${'b'.repeat(46)}.csv`)).toBe(true);
  });

  it('when the name is longer than 50 characters then it is invalid', () => {
    expect(isValidAudienceFileName('a'.repeat(51))).toBe(false);
    expect(isValidAudienceFileName(`${'b'.repeat(47)}.csv`)).toBe(false);
  });

  it('when the name has characters outside the basic plane then each counts once', () => {
    expect(isValidAudienceFileName('😀'.repeat(50))).toBe(true);
    expect(isValidAudienceFileName('😀'.repeat(51))).toBe(false);
  });

  it.each(['', '   ', null, undefined])('when the name is %j then it is invalid', (name) => {
    expect(isValidAudienceFileName(name)).toBe(false);
  });
});

describe('isPdfFileType', () => {
  it.each([
    { type: 'application/pdf', name: 'loa.pdf' },
    { type: 'application/pdf' },
    { type: 'APPLICATION/PDF', name: 'LOA.PDF' },
    { type: 'application/pdf; charset=binary', name: 'loa.pdf' },
    { type: ' application/pdf ', name: 'renamed.txt' },
  ])('when the type is %j then it is a PDF', (file) => {
    expect(isPdfFileType(file)).toBe(true);
  });

  it.each([
    { type: 'image/png', name: 'loa.pdf' },
    { type: 'text/plain', name: 'loa.pdf' },
    { type: 'application/pdfx', name: 'loa.pdf' },
    { type: 'application/x-pdf-like', name: 'loa.pdf' },
    { type: '', name: 'loa.pdf' },
    { name: 'loa.pdf' },
    {},
  ])('when the type is %j then it is not a PDF (the name is not trusted)', (file) => {
    expect(isPdfFileType(file)).toBe(false);
  });

  it('when there is no file then it is not a PDF', () => {
    expect(isPdfFileType(null)).toBe(false);
    expect(isPdfFileType(undefined)).toBe(false);
  });

  it('when given a browser-like File object then it reads its type', () => {
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'loa.pdf', {
      type: 'application/pdf',
    });
    expect(isPdfFileType(file)).toBe(true);
  });
});

describe('hasPdfMagicBytes', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('when the content starts with %PDF- then it is a PDF', () => {
    expect(hasPdfMagicBytes(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe(true);
    expect(hasPdfMagicBytes(bytes('%PDF-'))).toBe(true);
    expect(hasPdfMagicBytes(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x32, 0x2e, 0x30]))).toBe(true);
  });

  it('when the header is missing, shorter, moved or in another case then it is not a PDF', () => {
    expect(hasPdfMagicBytes(bytes('%PDF'))).toBe(false);
    expect(hasPdfMagicBytes(bytes('%PDF1.7'))).toBe(false);
    expect(hasPdfMagicBytes(bytes('%pdf-1.7'))).toBe(false);
    expect(hasPdfMagicBytes(bytes(' %PDF-1.7'))).toBe(false);
    expect(hasPdfMagicBytes(bytes('\uFEFF%PDF-1.7'))).toBe(false);
    expect(hasPdfMagicBytes(bytes('<html>%PDF-'))).toBe(false);
    expect(hasPdfMagicBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(hasPdfMagicBytes(new Uint8Array())).toBe(false);
  });

  it('when there are no bytes then it is not a PDF', () => {
    expect(hasPdfMagicBytes(null)).toBe(false);
    expect(hasPdfMagicBytes(undefined)).toBe(false);
  });

  it('when given a view into a larger buffer then it checks the view, not the buffer', () => {
    const buffer = bytes('xx%PDF-1.4');
    expect(hasPdfMagicBytes(buffer.subarray(2))).toBe(true);
    expect(hasPdfMagicBytes(buffer.subarray(1))).toBe(false);
  });
});

describe('requirePayload', () => {
  it.each([null, undefined, '', '   ', {}, Object.create(null), []])(
    'when the payload is %j then it throws "Payload is required"',
    (payload) => {
      expect(() => requirePayload(payload)).toThrowError(PAYLOAD_REQUIRED);
    },
  );

  it('when it throws then the error is a PayloadRequiredError with the exact message', () => {
    let caught: unknown;
    try {
      requirePayload(null);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PayloadRequiredError);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).message).toBe('Payload is required');
    expect((caught as Error).name).toBe('PayloadRequiredError');
  });

  it('when the payload has content then it returns the same payload', () => {
    const setPassword = { email: 'developer@portico.test', password: 'Portico!Demo2026' };
    expect(requirePayload(setPassword)).toBe(setPassword);
    expect(requirePayload('verification-token')).toBe('verification-token');
    const list = [1];
    expect(requirePayload(list)).toBe(list);
  });

  it('when the payload is a falsy but present value then it is returned', () => {
    expect(requirePayload(0)).toBe(0);
    expect(requirePayload(false)).toBe(false);
    expect(requirePayload({ optIn: undefined })).toEqual({ optIn: undefined });
  });

  it('when the payload is a non-plain object such as FormData then it is passed through', () => {
    const form = new FormData();
    expect(requirePayload(form)).toBe(form);
  });
});
