import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './redirect-path';

describe('safeRedirectPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirectPath('/account-settings')).toBe('/account-settings');
    expect(safeRedirectPath('/player-lookup?name=polgar#history')).toBe('/player-lookup?name=polgar#history');
    expect(safeRedirectPath('/admin/../account-settings')).toBe('/account-settings');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['absolute URL', 'https://evil.example/'],
    ['scheme', 'javascript:alert(1)'],
    ['protocol-relative', '//evil.example/path'],
    ['backslash trick', '/\\evil.example'],
    ['encoded-looking backslash host', '\\\\evil.example'],
    ['relative path', 'account-settings'],
    ['control character', '/admin\n//evil.example'],
    ['tab in the host position', '/\t/evil.example'],
  ])('refuses a %s', (_case, raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
  });

  it('never returns to the sign-in or reset pages', () => {
    expect(safeRedirectPath('/login')).toBeNull();
    expect(safeRedirectPath('/login?redirect=/admin')).toBeNull();
    expect(safeRedirectPath('/reset-password?token=abc')).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('remembers the origin path in ?redirect=', () => {
    expect(loginPathFor('/admin/user-management?tab=roles')).toBe(
      '/login?redirect=%2Fadmin%2Fuser-management%3Ftab%3Droles',
    );
  });

  it('leaves out paths not worth returning to', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
