import { describe, expect, it } from 'vitest';
import { clientAddress } from './address-block.ts';

describe('clientAddress', () => {
  it('groups IPv4 clients by /24, whatever the spelling of a mapped address', () => {
    expect(clientAddress('203.0.113.7')).toEqual({
      address: '203.0.113.7',
      block: '203.0.113.0/24',
    });
    expect(clientAddress('::ffff:203.0.113.200')).toEqual({
      address: '203.0.113.200',
      block: '203.0.113.0/24',
    });
    expect(clientAddress('::ffff:cb00:7109').block).toBe('203.0.113.0/24');
  });

  it('treats an IPv6 /64 as one client, however its address is written', () => {
    const a = clientAddress('2001:db8:1:2:aaaa::1');
    const b = clientAddress('2001:0db8:0001:0002:ffff:ffff:ffff:ffff');
    expect(a).toEqual({ address: '2001:db8:1:2::/64', block: '2001:db8:1:2::/64' });
    expect(b).toEqual(a);
    expect(clientAddress('2001:db8:1:3::1').block).not.toBe(a.block);
  });
});
