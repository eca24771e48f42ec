import { describe, expect, it } from 'vitest';
import { RBM_FILE_LIMITS } from '../contracts/rbm-agent-messages.ts';
import { mediaTypeOf, multipartRelatedParts, rbmFileProblem } from './rbm-files.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (part: Uint8Array | undefined) => new TextDecoder().decode(part);

describe('mediaTypeOf', () => {
  it('is the lower-case type without parameters, or empty', () => {
    expect(mediaTypeOf('Image/PNG; charset=binary')).toBe('image/png');
    expect(mediaTypeOf(' multipart/related ; boundary=x')).toBe('multipart/related');
    expect(mediaTypeOf(undefined)).toBe('');
    expect(mediaTypeOf('')).toBe('');
  });
});

describe('rbmFileProblem', () => {
  it("takes Google's image, audio, video and PDF types up to 100 MB", () => {
    for (const contentType of RBM_FILE_LIMITS.contentTypes)
      expect(rbmFileProblem({ contentType, size: RBM_FILE_LIMITS.maxBytes })).toBeNull();
    expect(rbmFileProblem({ contentType: 'image/PNG; x=1', size: 1 })).toBeNull();
  });

  it('refuses another type first, then an empty file, then one over 100 MB', () => {
    expect(rbmFileProblem({ contentType: 'application/zip', size: 0 })).toBe(
      'Unsupported file type application/zip: RBM takes images, audio, video and PDF.',
    );
    expect(rbmFileProblem({ contentType: undefined, size: 1 })).toMatch(/Unsupported file type \(none\)/);
    expect(rbmFileProblem({ contentType: 'image/png', size: 0 })).toBe('The file is empty.');
    expect(rbmFileProblem({ contentType: 'image/png', size: RBM_FILE_LIMITS.maxBytes + 1 })).toBe(
      'The file is larger than 100 MB, the largest file RBM sends.',
    );
  });
});

describe('multipartRelatedParts', () => {
  const TYPE = 'multipart/related; boundary="b-1"';

  it("when the body is googleapis-common's metadata then file then each part comes with its type and bytes", () => {
    const file = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff]);
    const body = new Uint8Array([
      ...bytes('--b-1\r\nContent-Type: application/json\r\n\r\n{"agentId":"a"}\r\n'),
      ...bytes('--b-1\r\ncontent-type: image/png\r\n\r\n'),
      ...file,
      ...bytes('\r\n--b-1--\r\n'),
    ]);
    const parts = multipartRelatedParts(body, TYPE);
    expect(parts?.map((p) => p.contentType)).toEqual(['application/json', 'image/png']);
    expect(text(parts?.[0]?.body)).toBe('{"agentId":"a"}');
    expect(parts?.[1]?.body).toEqual(file);
  });

  it('when a part has no type then it is octet-stream; an unquoted boundary works', () => {
    const parts = multipartRelatedParts(bytes('--x\r\n\r\nraw\r\n--x--'), 'multipart/related; boundary=x');
    expect(parts).toEqual([{ contentType: 'application/octet-stream', body: bytes('raw') }]);
  });

  it('when the boundary, the headers or the closing delimiter is missing then null', () => {
    expect(multipartRelatedParts(bytes('--b-1\r\n\r\nx\r\n--b-1--'), 'multipart/related')).toBeNull();
    expect(multipartRelatedParts(bytes('--b-1\r\nno header end\r\n--b-1--'), TYPE)).toBeNull();
    expect(multipartRelatedParts(bytes('--b-1\r\nContent-Type: text/plain\r\n\r\nx'), TYPE)).toBeNull();
    expect(multipartRelatedParts(bytes('no delimiter at all'), TYPE)).toBeNull();
  });
});
