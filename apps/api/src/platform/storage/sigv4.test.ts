import { describe, expect, it } from 'vitest';
import {
  amzDate,
  canonicalQueryString,
  EMPTY_PAYLOAD_HASH,
  sha256Hex,
  signingKey,
  signV4,
  uriEncode,
} from './sigv4.ts';

// The example of the S3 API reference, "Signature Calculations for the Authorization Header:
// Transferring Payload in a Single Chunk": its credentials, bucket and clock.
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const example = { credentials, region: 'us-east-1', now: new Date('2013-05-24T00:00:00Z') };
const host = 'examplebucket.s3.amazonaws.com';

describe('SigV4 against the published S3 examples', () => {
  it('GET Object with a Range header', () => {
    const signed = signV4(
      {
        method: 'GET',
        host,
        path: '/test.txt',
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      example,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n' +
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object with a body, a Date header and a key that needs encoding', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4(
      {
        method: 'PUT',
        host,
        path: `/${uriEncode('test$file.text', true)}`,
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: sha256Hex(body),
      },
      example,
    );
    expect(signed.canonicalRequest.split('\n').slice(0, 2)).toEqual(['PUT', '/test%24file.text']);
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET Bucket lifecycle (a query parameter without a value)', () => {
    const signed = signV4(
      { method: 'GET', host, path: '/', query: { lifecycle: '' }, payloadHash: EMPTY_PAYLOAD_HASH },
      example,
    );
    expect(signed.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('GET Bucket (list objects), query sorted by name', () => {
    const signed = signV4(
      {
        method: 'GET',
        host,
        path: '/',
        query: { prefix: 'J', 'max-keys': '2' },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      example,
    );
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
});

describe('SigV4 pieces', () => {
  it('encodes like RFC 3986, not like encodeURIComponent', () => {
    expect(uriEncode("a b!'()*+=&é")).toBe('a%20b%21%27%28%29%2A%2B%3D%26%C3%A9');
    expect(uriEncode('A-z_0.9~')).toBe('A-z_0.9~');
    expect(uriEncode('a/b')).toBe('a%2Fb');
    expect(uriEncode('a/b', true)).toBe('a/b');
    expect(canonicalQueryString({ b: '2', a: 'x y', 'a-b': '' })).toBe('a=x%20y&a-b=&b=2');
  });

  it('formats the clock and derives the signing key of the IAM documentation example', () => {
    expect(amzDate(new Date('2015-08-30T12:36:00.123Z'))).toBe('20150830T123600Z');
    // "Examples of how to derive a signing key for Signature Version 4" (IAM, us-east-1, iam).
    expect(
      signingKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20150830', 'us-east-1', 'iam').toString('hex'),
    ).toBe('c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9');
  });

  it('sends a session token and signs it', () => {
    const signed = signV4(
      { method: 'DELETE', host: 'minio:9000', path: '/b/k', payloadHash: EMPTY_PAYLOAD_HASH },
      { ...example, credentials: { ...credentials, sessionToken: 'token/1' } },
    );
    expect(signed.headers['x-amz-security-token']).toBe('token/1');
    expect(signed.headers.host).toBe('minio:9000');
    expect(signed.headers.authorization).toContain(
      'SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,',
    );
  });
});
