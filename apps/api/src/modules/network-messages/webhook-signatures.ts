import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How each network proves a webhook call is theirs:
 * - WhatsApp: X-Hub-Signature-256 = "sha256=" + hex(HMAC-SHA256(app secret, raw body));
 * - Google RBM: X-Goog-Signature = base64(HMAC-SHA512(client token, raw body)), the scheme of RBM
 *   webhooks configured with a client token;
 * - GSMA MaaP: Authorization: Bearer <the token agreed with the MaaP platform>.
 */
const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export function verifyWhatsAppSignature(
  appSecret: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean {
  if (!header) return false;
  return same(header, `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`);
}

export function verifyRbmSignature(
  clientToken: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean {
  if (!header) return false;
  return same(header, createHmac('sha512', clientToken).update(rawBody).digest('base64'));
}

export function verifyBearer(expected: string, header: string | undefined): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return token !== undefined && same(token, expected);
}
