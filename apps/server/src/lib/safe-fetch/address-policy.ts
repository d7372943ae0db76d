import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress } from '../ip-policy.ts';
import { SafeFetchError } from './errors.ts';
import { settings } from './settings.ts';

/**
 * Which addresses the client may reach: every DNS answer and every literal address is checked
 * here, and the connector's `lookup` runs the same check so the socket connects to the address
 * that was checked.
 */

export type Resolver = (hostname: string) => Promise<string[]>;

export const defaultResolver: Resolver = async (hostname) => {
  try {
    const answers = await dnsLookup(hostname, { all: true, verbatim: true });
    return answers.map((a) => a.address);
  } catch (err) {
    throw new SafeFetchError('dns_failed', hostname, { cause: err });
  }
};

export interface AddressPolicy {
  allowPrivate: boolean;
  allowedAddresses?: readonly string[];
}

/** Resolves a host name and refuses it if ANY of its addresses is not allowed. */
export async function resolveChecked(
  hostname: string,
  policy: AddressPolicy,
  resolver: Resolver = defaultResolver,
): Promise<string[]> {
  const literal = hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    assertAddressAllowed(literal, policy, hostname);
    return [literal];
  }
  const addresses = await resolver(hostname);
  if (addresses.length === 0) throw new SafeFetchError('dns_failed', hostname);
  for (const address of addresses) assertAddressAllowed(address, policy, hostname);
  return addresses;
}

function assertAddressAllowed(address: string, policy: AddressPolicy, url: string): void {
  const cls = classifyAddress(address);
  if (cls === 'public' || (policy.allowPrivate && cls === 'private')) return;
  if (policy.allowedAddresses?.includes(address)) return;
  throw new SafeFetchError('blocked_address', url);
}

/**
 * Parses and checks a URL without touching the network. WHATWG parsing already turns every
 * numeric IPv4 spelling (2130706433, 0177.0.0.1, 0x7f.1, 127.1) into dotted form, so the literal
 * check below sees the real address.
 */
export function checkUrl(
  input: string | URL,
  policy: AddressPolicy = { allowPrivate: settings.allowPrivateNetwork },
): URL {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new SafeFetchError('invalid_url', String(input));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('bad_scheme', url.href);
  }
  if (!url.hostname) throw new SafeFetchError('invalid_url', url.href);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) assertAddressAllowed(literal, policy, url.href);
  return url;
}

export function guardedLookup(policy: AddressPolicy, resolver: Resolver): LookupFunction {
  return ((
    hostname: string,
    options: { all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    resolveChecked(hostname, policy, resolver).then(
      (addresses) => {
        if (options?.all) {
          callback(
            null,
            addresses.map((address) => ({ address, family: isIP(address) })),
          );
        } else {
          const first = addresses[0] as string;
          callback(null, first, isIP(first));
        }
      },
      (err) => callback(err),
    );
  }) as unknown as LookupFunction;
}
