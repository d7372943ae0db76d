import { describe, expect, it } from 'vitest';
import { classifyAddress, expandIPv6, isAddressAllowed } from './ip-policy.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'private'],
    ['127.255.3.4', 'private'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'private'],
    ['100.64.0.1', 'private'],
    ['0.0.0.0', 'private'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'private'],
    ['::', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1%eth0', 'private'],
    ['[::1]', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:7f00:1', 'private'],
    ['::ffff:a9fe:a9fe', 'private'],
    ['::127.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'private'],
    ['64:ff9b:1::5', 'private'],
    ['2002:7f00:1::1', 'private'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['ff02::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['93.184.216.34', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it('is null for non-addresses', () => {
    expect(classifyAddress('example.com')).toBeNull();
    expect(classifyAddress('2130706433')).toBeNull();
  });

  it('expands IPv6 spellings', () => {
    expect(expandIPv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(expandIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(expandIPv6('fe80::')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('allows private ranges only with the allow-list, reserved never', () => {
    expect(isAddressAllowed('127.0.0.1', false)).toBe(false);
    expect(isAddressAllowed('127.0.0.1', true)).toBe(true);
    expect(isAddressAllowed('224.0.0.1', true)).toBe(false);
    expect(isAddressAllowed('8.8.8.8', false)).toBe(true);
  });
});
