import { describe, expect, it } from 'vitest';
import { DEFAULT_ROSTER_RULES } from '../domain/roster-changes';
import { rosterRefusalMessage } from './roster-change-messages';

describe('what a refused roster change says', () => {
  it("names the rule with the tournament's own numbers", () => {
    const context = { totalRounds: 7, roundNumber: 4 };
    expect(rosterRefusalMessage('half-bye-limit', DEFAULT_ROSTER_RULES, context)).toBe(
      'Each pupil may have 1 half-point bye; further byes score 0 points.',
    );
    expect(
      rosterRefusalMessage('half-bye-limit', { ...DEFAULT_ROSTER_RULES, halfPointByesPerPlayer: 2 }, context),
    ).toBe('Each pupil may have 2 half-point byes; further byes score 0 points.');
    expect(rosterRefusalMessage('late-entry-closed', DEFAULT_ROSTER_RULES, context)).toBe(
      'Late entries are taken until round 4 is paired.',
    );
    expect(rosterRefusalMessage('round-paired', DEFAULT_ROSTER_RULES, context)).toBe(
      'Changes for round 4 were possible until it was paired. Ask an arbiter.',
    );
  });
});
