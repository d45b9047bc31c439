/**
 * The shipped systemd unit (deploy/systemd/chess@.service), read as systemd reads it: what it promises about the
 * files the app writes. Backups hold password hashes, session tokens and pupils' details (ADR 025,
 * docs/security.md T34), so whatever the process creates must be its own user's alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const unitPath = join(new URL('.', import.meta.url).pathname, 'systemd', 'chess@.service');

/** The `[Service]` section's settings, last one winning (as systemd does for these single-value keys). */
function serviceSettings(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1] ?? '';
      continue;
    }
    const equals = line.indexOf('=');
    if (section === 'Service' && equals > 0) {
      settings.set(line.slice(0, equals).trim(), line.slice(equals + 1).trim());
    }
  }
  return settings;
}

describe('the shipped systemd unit', () => {
  const settings = serviceSettings(readFileSync(unitPath, 'utf8'));

  it('creates files for its own user only: UMask=0077', () => {
    expect(settings.get('UMask')).toBe('0077');
  });

  it('keeps its state folder (the backups) to itself: StateDirectoryMode=0700', () => {
    expect(settings.get('StateDirectory')).toBe('chess');
    expect(settings.get('StateDirectoryMode')).toBe('0700');
  });
});
