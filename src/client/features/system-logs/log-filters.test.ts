import { describe, expect, it } from 'vitest';
import {
  draftOf,
  filtersFromParams,
  filtersOfDraft,
  filtersToParams,
  irishInputToIso,
  isoToIrishInput,
} from './log-filters';

describe('system log filters', () => {
  it('reads the filters from the address, dropping what the API would refuse', () => {
    const params = new URLSearchParams(
      'source=security&area=&action=sign_in_failed&severity=loud&user=%20ann%20&from=2025-03-15T10:00:00.000Z&to=yesterday&q=carlsen&page=2',
    );
    expect(filtersFromParams(params)).toEqual({
      source: 'security',
      action: 'sign_in_failed',
      user: 'ann',
      from: '2025-03-15T10:00:00.000Z',
      q: 'carlsen',
    });
    expect(filtersFromParams(new URLSearchParams('source=everything'))).toEqual({});
  });

  it('writes the filters back in a fixed order, leaving out the empty ones', () => {
    expect(filtersToParams({ q: 'carlsen', source: 'system', area: undefined }).toString()).toBe(
      'source=system&q=carlsen',
    );
    const shared = 'source=security&severity=warning&from=2025-03-15T10%3A00%3A00.000Z';
    expect(filtersToParams(filtersFromParams(new URLSearchParams(shared))).toString()).toBe(shared);
  });

  it('reads the date inputs as Irish time, winter (UTC) and summer (UTC+1)', () => {
    expect(irishInputToIso('2025-01-15T10:30')).toBe('2025-01-15T10:30:00.000Z');
    expect(irishInputToIso('2025-07-15T10:30')).toBe('2025-07-15T09:30:00.000Z');
    expect(irishInputToIso('2025-07-15T10:30', 'end')).toBe('2025-07-15T09:30:59.999Z');
    // The clocks went forward at 01:00 UTC on 30 March 2025.
    expect(irishInputToIso('2025-03-30T00:30')).toBe('2025-03-30T00:30:00.000Z');
    expect(irishInputToIso('2025-03-30T03:00')).toBe('2025-03-30T02:00:00.000Z');
    expect(irishInputToIso('2025-07-15')).toBeUndefined();
    expect(isoToIrishInput('2025-07-15T09:30:59.999Z')).toBe('2025-07-15T10:30');
    expect(isoToIrishInput('2025-01-15T10:30:00.000Z')).toBe('2025-01-15T10:30');
  });

  it('turns the form into filters and back', () => {
    const filters = filtersOfDraft({
      source: 'system',
      area: 'tournament_management',
      action: '',
      severity: '',
      user: '  ',
      from: '2025-07-15T10:30',
      to: '2025-07-16T18:00',
      q: 'round 3',
    });
    expect(filters).toEqual({
      source: 'system',
      area: 'tournament_management',
      from: '2025-07-15T09:30:00.000Z',
      to: '2025-07-16T17:00:59.999Z',
      q: 'round 3',
    });
    expect(draftOf(filters)).toEqual({
      source: 'system',
      area: 'tournament_management',
      action: '',
      severity: '',
      user: '',
      from: '2025-07-15T10:30',
      to: '2025-07-16T18:00',
      q: 'round 3',
    });
  });
});
