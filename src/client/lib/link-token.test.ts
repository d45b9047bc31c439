import { describe, expect, it } from 'vitest';
import { linkTokenOf } from './link-token';

describe('linkTokenOf', () => {
  it('reads the token from the fragment of a mailed link', () => {
    expect(linkTokenOf({ hash: '#token=abc_DEF-123', search: '' })).toBe('abc_DEF-123');
  });

  it('still reads a link mailed before the change, with the token in the query', () => {
    expect(linkTokenOf({ hash: '', search: '?token=old-link-token' })).toBe('old-link-token');
    expect(linkTokenOf({ hash: '#token=new', search: '?token=old' })).toBe('new');
  });

  it('has no token when the link carries none', () => {
    expect(linkTokenOf({ hash: '', search: '' })).toBeNull();
    expect(linkTokenOf({ hash: '#contact-us', search: '?page=2' })).toBeNull();
    expect(linkTokenOf({ hash: '#token=', search: '' })).toBeNull();
  });
});
