import { describe, expect, it } from 'vitest';
import { addressRefusal, isPublicAddress, literalHostRefusal } from './address-policy';

describe('which addresses an outbound call may reach (ADR 038)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:7f00:1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:10.0.0.1', 'private (IPv4 inside IPv6)'],
    ['::ffff:a9fe:a9fe', 'link-local (IPv4 inside IPv6)'],
    ['::ffff:100.64.0.1', 'carrier-grade NAT (IPv4 inside IPv6)'],
    ['::127.0.0.1', 'loopback (IPv4 inside IPv6)'],
    ['64:ff9b::7f00:1', 'loopback (IPv4 inside IPv6)'],
    ['2002:a9fe:a9fe::1', 'link-local (IPv4 inside IPv6)'],
    ['[::1]', 'loopback'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '86.43.12.9',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '2a02:8084::1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(addressRefusal(address)).toBeNull();
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not a plain address: names, zone ids, odd spellings no parser normalised', () => {
    for (const text of ['localhost', 'fe80::1%eth0', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '']) {
      expect(addressRefusal(text)).not.toBeNull();
    }
  });

  it('judges a URL host by its spelling: odd spellings of loopback are the loopback address', () => {
    const refusal = (url: string) => literalHostRefusal(new URL(url));
    for (const url of [
      'https://2130706433/{ip}',
      'https://0x7f000001/{ip}',
      'https://0177.0.0.1/{ip}',
      'https://127.1/{ip}',
      'https://127.0.0.1:8443/{ip}',
      'https://localhost/{ip}',
      'https://LOCALHOST./{ip}',
      'https://api.localhost/{ip}',
      'https://[::1]/{ip}',
      'https://[::ffff:127.0.0.1]/{ip}',
    ]) {
      expect(refusal(url), url).toBe(url.includes('::ffff') ? 'loopback (IPv4 inside IPv6)' : 'loopback');
    }
    expect(refusal('https://169.254.169.254/latest/meta-data/')).toBe('link-local');
    expect(refusal('https://0/{ip}')).toBe('unspecified');
    expect(refusal('https://[fd00::1]/{ip}')).toBe('unique-local');
    // A name is judged when it is resolved, at call time.
    expect(refusal('https://geo.example.org/{ip}')).toBeNull();
    expect(refusal('https://8.8.8.8/{ip}')).toBeNull();
  });
});
