import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { BadRequestError } from '../../platform/http/errors.ts';

/**
 * The SSRF guard of partner webhooks: a webhook may only reach public unicast addresses. Every
 * address a name resolves to is checked (one private answer is enough to refuse), when the URL is
 * set and again at each delivery, on the very address the socket connects to (DNS rebinding). With
 * the sandbox on (DEMO=1 or SANDBOX=1) private and loopback addresses are allowed for local receivers.
 */

/** Why an address may not be reached, or null when it is public unicast. */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? null : `${address} is a ${range} address`;
}

/** Throws when the host is, or resolves to, an address a webhook may not reach. */
export async function assertReachable(url: string, allowPrivate: boolean): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true })
        .then((answers) => answers.map((a) => a.address))
        .catch(() => {
          throw new BadRequestError(`The webhook host ${host} does not resolve.`);
        });
  if (allowPrivate) return;
  for (const address of addresses) {
    const reason = refusedAddress(address);
    if (reason)
      throw new BadRequestError(
        `The webhook address must be public: ${host} resolves to ${reason} (private, loopback and reserved addresses are refused).`,
      );
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the delivery socket: resolves, refuses the host when any answer is not public,
 * and hands the socket the checked address, so what was checked is what is connected to.
 */
export function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    lookup(hostname, { all: true, verbatim: true })
      .then((answers) => {
        if (!allowPrivate) {
          for (const answer of answers) {
            const reason = refusedAddress(answer.address);
            if (reason) {
              const error: NodeJS.ErrnoException = new Error(`webhook address refused: ${reason}`);
              error.code = 'EADDRNOTPUBLIC';
              callback(error, '');
              return;
            }
          }
        }
        const [first] = answers;
        if (!first) {
          callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '');
          return;
        }
        if (options.all) callback(null, answers);
        else callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}
