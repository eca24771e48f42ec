import type { PrivacyUrlCheck } from '@portico/domain';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import { checkedLookup, refusedAddress } from '../partner-webhooks/webhook-address.ts';

/**
 * Whether a bot's privacy policy URL answers, as a carrier's reviewer would find it: a HEAD (a GET
 * when HEAD is refused) with a short time-out, redirects not followed (a 3xx is an answer). The
 * same SSRF guard as partner webhooks: only public addresses, on the very address connected to
 * (private ones too with the sandbox on, for local pages in development and tests).
 */
export function createPrivacyUrlChecker({
  allowPrivate,
  timeoutMs,
  exampleSites,
}: {
  allowPrivate: boolean;
  timeoutMs: number;
  /**
   * With the sandbox mounted: where it serves the `.example` sites (RFC 2606: they never resolve on
   * the internet; the demo's businesses live there), asked instead of the internet for those hosts.
   */
  exampleSites?: string | undefined;
}) {
  const dispatcher = new Agent({
    connect: { lookup: checkedLookup(allowPrivate), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 8,
  });

  async function ask(method: 'HEAD' | 'GET', url: string): Promise<number> {
    const answer = await request(url, {
      method,
      dispatcher,
      headers: { 'user-agent': 'Portico-Launch-Check/1.0' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Only the status matters: drop the body without reading it.
    await answer.body.dump({ limit: 16 * 1024 }).catch(() => undefined);
    return answer.statusCode;
  }

  return async function check(url: string | null): Promise<PrivacyUrlCheck> {
    if (!url?.trim()) return { state: 'missing' };
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { state: 'failed', detail: 'it is not a URL' };
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      return { state: 'failed', detail: 'it is not an http(s) URL' };
    }
    // A literal IP never goes through lookup: check it here (a name is checked on connect).
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && ipaddr.isValid(host)) {
      const reason = refusedAddress(host);
      if (reason) return { state: 'failed', detail: `${reason}, not a public address` };
    }
    const asked =
      exampleSites && host.endsWith('.example')
        ? `${exampleSites}/${host}${parsed.pathname}${parsed.search}`
        : url;
    try {
      let status = await ask('HEAD', asked);
      if (status === 405 || status === 501) status = await ask('GET', asked);
      return status < 400 ? { state: 'ok', status } : { state: 'failed', detail: `it answered ${status}` };
    } catch (error) {
      const detail =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`
          : error instanceof Error && 'code' in error && error.code === 'EADDRNOTPUBLIC'
            ? 'its address is not public'
            : 'it could not be reached';
      return { state: 'failed', detail };
    }
  };
}
export type PrivacyUrlChecker = ReturnType<typeof createPrivacyUrlChecker>;
