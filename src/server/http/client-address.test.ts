import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey: what a per-address limit counts under (docs/security.md T02)', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const other of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:abcd',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(addressKey(other), other).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:c000:0207')).toBe('192.0.2.7');
  });

  it('keeps anything that is not an address as it is', () => {
    expect(addressKey('not-an-address')).toBe('not-an-address');
  });
});
