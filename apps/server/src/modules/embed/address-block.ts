import { expandIPv6, parseIPv4 } from '../../lib/ip-policy.ts';

/**
 * Who is behind a client address, for the widget's budgets. An IPv6 subscriber usually holds a
 * whole /64 and can rotate through it at will, so the /64 is its address; the block is what one
 * household or hosting customer can easily spread over (IPv4 /24, IPv6 /64).
 */
export interface ClientAddress {
  /** One client: an IPv4 address or an IPv6 /64. */
  address: string;
  /** Its neighbourhood: the IPv4 /24 or the IPv6 /64. */
  block: string;
}

export function clientAddress(ip: string): ClientAddress {
  const v4 = parseIPv4(ip) ?? mappedIPv4(ip);
  if (v4 !== null) {
    const octets = [v4 >>> 24, (v4 >>> 16) & 255, (v4 >>> 8) & 255, v4 & 255];
    return { address: octets.join('.'), block: `${octets.slice(0, 3).join('.')}.0/24` };
  }
  const hextets = expandIPv6(ip);
  if (!hextets) return { address: ip, block: ip };
  const prefix = `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
  return { address: prefix, block: prefix };
}

/** ::ffff:a.b.c.d (how a dual-stack server may see an IPv4 client) as its IPv4 value. */
function mappedIPv4(ip: string): number | null {
  const h = expandIPv6(ip);
  if (!h || h.slice(0, 5).some((x) => x !== 0) || h[5] !== 0xffff) return null;
  return (((h[6] ?? 0) << 16) | (h[7] ?? 0)) >>> 0;
}
