import { describe, expect, it } from 'vitest';
import { deviceClass, pagePath, referrerDomain, truncateIp } from './visitor-analytics';

describe('truncateIp', () => {
  it('keeps an IPv4 address to its /24', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:86.43.12.9')).toBe('86.43.12.0');
  });
  it('keeps an IPv6 address to its /48', () => {
    expect(truncateIp('2001:db8:abcd:12:34::1')).toBe('2001:db8:abcd::');
    expect(truncateIp('2a02:8084:2:4f00::1')).toBe('2a02:8084:2::');
    expect(truncateIp('::1')).toBe('0:0:0::');
  });
  it('stores nothing for what is not an address', () => {
    expect(truncateIp('256.1.1.1')).toBeNull();
    expect(truncateIp('not-an-ip')).toBeNull();
    expect(truncateIp('1::2::3')).toBeNull();
    expect(truncateIp('')).toBeNull();
  });
});

describe('deviceClass', () => {
  it('tells phones, tablets, desktops and robots apart', () => {
    expect(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(
      'mobile',
    );
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36')).toBe(
      'mobile',
    );
    expect(deviceClass('Mozilla/5.0 (Linux; Android 13; SM-X200) Chrome/120 Safari/537.36')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36')).toBe('desktop');
    expect(deviceClass('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe('bot');
    expect(deviceClass(undefined)).toBe('desktop');
  });
});

describe('referrerDomain and pagePath', () => {
  it('keeps only the referring host, not our own', () => {
    expect(referrerDomain('https://www.Google.ie/search?q=chess', 'chess.example')).toBe('google.ie');
    expect(referrerDomain('https://chess.example/leaderboard', 'chess.example:443')).toBe('');
    expect(referrerDomain('android-app://com.slack', 'chess.example')).toBe('');
    expect(referrerDomain('nonsense', 'chess.example')).toBe('');
  });
  it('drops the query string and fragment', () => {
    expect(pagePath('/player-lookup?name=Aoife%20Byrne')).toBe('/player-lookup');
    expect(pagePath('/leaderboard#teams')).toBe('/leaderboard');
    expect(pagePath('')).toBe('/');
  });
});
