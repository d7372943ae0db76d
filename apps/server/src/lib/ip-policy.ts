import { isIPv4, isIPv6 } from 'node:net';

/**
 * Classifies IP addresses for the SSRF guard. `private` targets (loopback, RFC 1918, link-local
 * incl. cloud metadata, CGNAT, unique-local, unspecified) are reachable only when the private
 * allow-list is on; `reserved` ones (multicast, broadcast, documentation and benchmark ranges,
 * IETF special-purpose blocks) are never fetched.
 */
export type AddressClass = 'public' | 'private' | 'reserved';

type V4Rule = [base: number, bits: number, cls: Exclude<AddressClass, 'public'>];

const v4 = (a: number, b: number, c: number, d: number) =>
  ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const V4_RULES: V4Rule[] = [
  [v4(0, 0, 0, 0), 8, 'private'], // "this network", 0.0.0.0 reaches the local host on Linux
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(100, 64, 0, 0), 10, 'private'], // CGNAT
  [v4(127, 0, 0, 0), 8, 'private'],
  [v4(169, 254, 0, 0), 16, 'private'], // link-local, incl. 169.254.169.254 metadata
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 0, 0, 0), 24, 'reserved'],
  [v4(192, 0, 2, 0), 24, 'reserved'],
  [v4(192, 88, 99, 0), 24, 'reserved'],
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(198, 18, 0, 0), 15, 'reserved'],
  [v4(198, 51, 100, 0), 24, 'reserved'],
  [v4(203, 0, 113, 0), 24, 'reserved'],
  [v4(224, 0, 0, 0), 4, 'reserved'], // multicast
  [v4(240, 0, 0, 0), 4, 'reserved'], // reserved + broadcast
];

export function parseIPv4(text: string): number | null {
  if (!isIPv4(text)) return null;
  const parts = text.split('.').map(Number);
  return v4(parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 0);
}

export function classifyIPv4(value: number): AddressClass {
  for (const [base, bits, cls] of V4_RULES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return cls;
  }
  return 'public';
}

/** Expands any valid IPv6 spelling (incl. embedded dotted IPv4 and zone ids) to 8 hextets. */
export function expandIPv6(text: string): number[] | null {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let head = bare;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (dotted?.[1]) {
    const n = parseIPv4(dotted[1]);
    if (n === null) return null;
    tail.push(n >>> 16, n & 0xffff);
    head = bare.slice(0, -dotted[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const parse = (s: string | undefined) =>
    s
      ? s
          .split(':')
          .filter((x) => x !== '')
          .map((h) => Number.parseInt(h, 16))
      : [];
  const l = parse(left);
  const r = [...parse(right), ...tail];
  if (right === undefined) return l.length + tail.length === 8 ? [...l, ...tail] : null;
  const zeros = 8 - l.length - r.length;
  if (zeros < 0) return null;
  return [...l, ...new Array<number>(zeros).fill(0), ...r];
}

export function classifyIPv6(h: number[]): AddressClass {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, last = 0] = h;
  const embedded = ((g << 16) | last) >>> 0;
  const firstFiveZero = a === 0 && b === 0 && c === 0 && d === 0 && e === 0;
  if (firstFiveZero && f === 0 && g === 0 && (last === 0 || last === 1)) return 'private'; // :: and ::1
  if (firstFiveZero && f === 0xffff) return classifyIPv4(embedded); // IPv4-mapped
  if (firstFiveZero && f === 0) return classifyIPv4(embedded); // IPv4-compatible (deprecated)
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0xffff && f === 0)
    return classifyIPv4(embedded); // SIIT ::ffff:0:a.b.c.d
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) {
    return classifyIPv4(embedded); // NAT64 well-known prefix
  }
  if (a === 0x64 && b === 0xff9b && c === 1) return 'private'; // local-use NAT64
  if (a === 0x2002) return classifyIPv4(((b << 16) | c) >>> 0); // 6to4 carries an IPv4
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return 'reserved'; // discard-only
  if (a === 0x2001 && b < 0x0200) return 'reserved'; // IETF special purpose, incl. Teredo
  if (a === 0x2001 && b === 0x0db8) return 'reserved'; // documentation
  if ((a & 0xfe00) === 0xfc00) return 'private'; // unique-local fc00::/7
  if ((a & 0xffc0) === 0xfe80) return 'private'; // link-local
  if ((a & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((a & 0xff00) === 0xff00) return 'reserved'; // multicast
  return 'public';
}

/** Null when `text` is not an IP literal at all. */
export function classifyAddress(text: string): AddressClass | null {
  const n = parseIPv4(text);
  if (n !== null) return classifyIPv4(n);
  const h = expandIPv6(text);
  return h ? classifyIPv6(h) : null;
}

export function isAddressAllowed(text: string, allowPrivate: boolean): boolean {
  const cls = classifyAddress(text);
  if (cls === null) return false;
  return cls === 'public' || (allowPrivate && cls === 'private');
}
