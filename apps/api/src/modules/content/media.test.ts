import { describe, expect, it } from 'vitest';
import { checkCaptions, checkVideo, isZip } from './media.ts';
import { parseRange } from './range.ts';
import { zipOf } from './seed-files.ts';

const webm = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(40),
]);
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(20)]);

describe('media checks by content', () => {
  it('when the bytes are WebM or MP4 then they are accepted as such, whatever the name', () => {
    expect(checkVideo('Video', webm, 1000).contentType).toBe('video/webm');
    expect(checkVideo('Video', mp4, 1000).contentType).toBe('video/mp4');
  });
  it('when the bytes are not a video then it is refused, and so is an oversized one', () => {
    expect(() => checkVideo('Video', Buffer.from('<html>not a video</html>'), 1000)).toThrow(/MP4 or WebM/);
    expect(() => checkVideo('Video', webm, 10)).toThrow(/limit/);
  });
  it('when captions start with WEBVTT then they are accepted, otherwise refused', () => {
    expect(
      checkCaptions('Captions', Buffer.from('\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nHi\n'), 1000).extension,
    ).toBe('vtt');
    expect(() =>
      checkCaptions('Captions', Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHi'), 1000),
    ).toThrow(/WebVTT/);
  });
  it('when a ZIP is written by the seed then it is recognised as one', () => {
    expect(isZip(zipOf([{ name: 'a.txt', text: 'a' }]))).toBe(true);
    expect(isZip(Buffer.from('PK but not'))).toBe(false);
  });
});

describe('HTTP Range', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=50-10', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,5-9', null],
    ['items=0-1', null],
  ] as const)('when Range is %s of 1000 bytes then %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
