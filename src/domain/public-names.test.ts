import { describe, expect, it } from 'vitest';
import { effectiveNameDisplay, formatPublicName } from './public-names';

describe('formatPublicName', () => {
  it('shows a full name unchanged, spaces folded', () => {
    expect(formatPublicName('  Aoife   Murphy ', 'full')).toBe('Aoife Murphy');
  });
  it('shows the first name and the last name’s initial', () => {
    expect(formatPublicName('Aoife Ní Bhriain', 'first_initial')).toBe('Aoife B.');
    expect(formatPublicName('Seán O’Brien', 'first_initial')).toBe('Seán O.');
    expect(formatPublicName("Mary-Kate o'brien", 'first_initial')).toBe('Mary-Kate O.');
  });
  it('shows initials only', () => {
    expect(formatPublicName('Aoife Ní Bhriain', 'initials')).toBe('A. B.');
    expect(formatPublicName('éamon de valera', 'initials')).toBe('É. V.');
  });
  it('keeps a one-word name’s first letter when restricted', () => {
    expect(formatPublicName('Cher', 'first_initial')).toBe('Cher');
    expect(formatPublicName('Cher', 'initials')).toBe('C.');
    expect(formatPublicName('', 'initials')).toBe('');
  });
});

describe('effectiveNameDisplay', () => {
  it('takes the stricter of the tournament setting and the pupil permission', () => {
    expect(effectiveNameDisplay('full', null)).toBe('full');
    expect(effectiveNameDisplay('full', 'initials')).toBe('initials');
    expect(effectiveNameDisplay('initials', 'full')).toBe('initials');
    expect(effectiveNameDisplay('first_initial', 'full')).toBe('first_initial');
    expect(effectiveNameDisplay('first_initial', 'initials')).toBe('initials');
  });
});
