import { randomInt } from 'node:crypto';
import {
  formatRecoveryCode,
  isAuthenticatorCodeShape,
  normaliseAuthenticatorCode,
  RECOVERY_CODE_ALPHABET,
  TWO_FACTOR,
} from '@portico/domain';
import { generateSecret, generateURI, verify } from 'otplib';
import { renderSVG } from 'uqr';

/** Authenticator codes (RFC 6238 through otplib) and the recovery codes that stand in for them. */

/** A new base32 authenticator key (160 bits). */
export function newAuthenticatorKey(): string {
  return generateSecret({ length: TWO_FACTOR.secretBytes });
}

/** The key in groups of four, as people type it into an app. */
export function manualKeyOf(key: string): string {
  return key.replace(/(.{4})/g, '$1 ').trim();
}

/** The otpauth:// URI of the key, labelled with the brand and the account's email. */
export function otpauthUriOf(key: string, issuer: string, email: string): string {
  return generateURI({
    issuer,
    label: email,
    secret: key,
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
  });
}

/** The URI as a QR code: an SVG in a data: URI (the CSPs allow data: images), drawn on the server. */
export function qrCodeOf(uri: string): string {
  const svg = renderSVG(uri, { ecc: 'M', border: 2, pixelSize: 6 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export type TotpCheck = { valid: true; step: number } | { valid: false };

/**
 * Whether `code` is the key's code now, or one period either side (a phone clock a little off),
 * and newer than `afterStep` (the last accepted step): an accepted code never works twice.
 */
export async function checkAuthenticatorCode(
  key: string,
  code: string,
  options: { afterStep?: number | null; nowMs?: number } = {},
): Promise<TotpCheck> {
  const token = normaliseAuthenticatorCode(code);
  if (!isAuthenticatorCodeShape(token)) return { valid: false };
  const result = await verify({
    secret: key,
    token,
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    epoch: Math.floor((options.nowMs ?? Date.now()) / 1000),
    epochTolerance: TWO_FACTOR.periodSeconds * TWO_FACTOR.windowPeriods,
    ...(options.afterStep !== null && options.afterStep !== undefined
      ? { afterTimeStep: options.afterStep }
      : {}),
  });
  // The functional API's result type also covers HOTP, which has no time step.
  return result.valid && 'timeStep' in result ? { valid: true, step: result.timeStep } : { valid: false };
}

/** A fresh set of recovery codes, formatted as shown (ABCDE-FGHJK). */
export function newRecoveryCodes(count: number = TWO_FACTOR.recoveryCodeCount): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let i = 0; i < TWO_FACTOR.recoveryCodeLength; i++) {
      code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    }
    return formatRecoveryCode(code);
  });
}
