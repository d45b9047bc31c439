import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_MESSAGES, meetsDifficulty } from '../../../domain/registration';
import {
  checkDraft,
  defaultTeamName,
  emptyDraft,
  emptyTeam,
  loadDraft,
  needsGuardianConsent,
  type PlayerDraft,
  type RegistrationDraft,
  saveDraft,
  toBody,
  withDefaultTeamNames,
} from './form-state';
import { searchNonce } from './nonce-search';

const DAY = '2026-03-14';
const adult = (name: string): PlayerDraft => ({
  name,
  ageBy: 'dateOfBirth',
  dateOfBirth: '2000-05-01',
  schoolYear: '',
  guardianName: '',
  guardianEmail: '',
  guardianConfirmed: false,
  publicNameDisplay: '',
});

function completeDraft(): RegistrationDraft {
  return {
    registrantName: 'Teacher Example',
    registrantEmail: 'teacher@school.example',
    registrantPhone: '',
    schoolName: 'Example School',
    teams: [
      { name: 'Example School A', nameEdited: false, players: [1, 2, 3, 4].map((n) => adult(`Player ${n}`)) },
    ],
  };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('team names', () => {
  it('names teams after the school, A, B, C…, and keeps the ones the registrant typed', () => {
    expect(defaultTeamName("St Kevin's", 0)).toBe("St Kevin's A");
    expect(defaultTeamName("St Kevin's", 2)).toBe("St Kevin's C");
    expect(defaultTeamName('', 1)).toBe('Team B');
    expect(defaultTeamName('X', 26)).toBe('X AA');
    const draft = {
      ...emptyDraft(),
      teams: [emptyTeam('', 0), { ...emptyTeam('', 1), name: 'Knights', nameEdited: true }],
    };
    const renamed = withDefaultTeamNames({ ...draft, schoolName: 'Example School' });
    expect(renamed.teams.map((team) => team.name)).toEqual(['Example School A', 'Knights']);
  });
});

describe('guardian consent', () => {
  it('is asked for under-18s by date of birth and for every player given by school year, never for adults', () => {
    expect(needsGuardianConsent(adult('A'), DAY)).toBe(false);
    expect(needsGuardianConsent({ ...adult('B'), dateOfBirth: '2011-01-15' }, DAY)).toBe(true);
    expect(needsGuardianConsent({ ...adult('C'), ageBy: 'schoolYear', schoolYear: '5th Year' }, DAY)).toBe(
      true,
    );
    // Too young, or no age at all: not eligible, so no consent block (the age error shows instead).
    expect(needsGuardianConsent({ ...adult('D'), dateOfBirth: '2015-01-01' }, DAY)).toBe(false);
    expect(needsGuardianConsent({ ...adult('E'), dateOfBirth: '' }, DAY)).toBe(false);
  });

  it('sends the consent only for players who need it, and only the chosen kind of age', () => {
    const draft = completeDraft();
    draft.teams[0]!.players[1] = {
      ...adult('Minor'),
      dateOfBirth: '2011-01-15',
      schoolYear: '2nd Year',
      guardianName: 'Parent',
      guardianEmail: ' parent@family.example ',
      guardianConfirmed: true,
    };
    draft.teams[0]!.players[2] = { ...adult('By year'), ageBy: 'schoolYear', schoolYear: '6th Year' };
    const [first, minor, byYear] = toBody(draft, DAY).teams[0]!.players;
    expect(first).toEqual({
      name: 'Player 1',
      dateOfBirth: '2000-05-01',
      schoolYear: null,
      guardianConsent: null,
    });
    expect(minor?.guardianConsent).toEqual({ by: 'Parent', email: 'parent@family.example', confirmed: true });
    expect(minor?.schoolYear).toBeNull();
    expect(byYear).toMatchObject({ dateOfBirth: null, schoolYear: '6th Year' });
  });
});

describe('checkDraft', () => {
  it('passes a complete form', () => {
    expect(checkDraft(completeDraft(), DAY)).toEqual({});
  });

  it('reports every problem by the path the server uses, with the contract and domain messages', () => {
    const draft = completeDraft();
    draft.registrantEmail = 'not-an-email';
    draft.teams[0]!.name = ' ';
    draft.teams[0]!.players[0] = { ...adult(''), dateOfBirth: '' };
    draft.teams[0]!.players[1] = { ...adult('Young'), dateOfBirth: '2015-06-01' };
    draft.teams[0]!.players[2] = { ...adult('Minor'), dateOfBirth: '2011-01-15', guardianName: 'Parent' };
    draft.teams[0]!.players[3] = { ...adult('First year'), ageBy: 'schoolYear', schoolYear: '1st Year' };
    expect(checkDraft(draft, DAY)).toEqual({
      registrantEmail: 'Enter a valid e-mail address',
      'teams.0.name': 'Enter the team name',
      'teams.0.players.0.name': 'Enter the player name',
      'teams.0.players.0.dateOfBirth': ELIGIBILITY_MESSAGES.missingAge,
      'teams.0.players.1.dateOfBirth': ELIGIBILITY_MESSAGES.tooYoung,
      'teams.0.players.2.guardianConsent': 'The parent or guardian must confirm their consent',
      'teams.0.players.2.guardianConsent.email': ELIGIBILITY_MESSAGES.guardianEmailNeeded,
      'teams.0.players.3.schoolYear': ELIGIBILITY_MESSAGES.firstYear,
    });
  });
  it("checks the guardian's e-mail address like the server", () => {
    const draft = completeDraft();
    draft.teams[0]!.players[0] = {
      ...adult('Minor'),
      dateOfBirth: '2011-01-15',
      guardianName: 'Parent',
      guardianEmail: 'not-an-address',
      guardianConfirmed: true,
    };
    expect(checkDraft(draft, DAY)).toEqual({
      'teams.0.players.0.guardianConsent.email': 'Enter a valid e-mail address for the parent or guardian',
    });
    draft.teams[0]!.players[0]!.guardianEmail = 'parent@family.example';
    expect(checkDraft(draft, DAY)).toEqual({});
  });
});

describe('the kept draft', () => {
  it('restores exactly what was typed, and ignores anything that is not a draft', () => {
    const storage = memoryStorage();
    expect(loadDraft(storage)).toBeNull();
    const draft = completeDraft();
    draft.teams[0]!.players[1] = { ...adult('Minor'), dateOfBirth: '2011-01-15', guardianConfirmed: true };
    saveDraft(draft, storage);
    expect(loadDraft(storage)).toEqual(draft);
    storage.setItem('registration-form-draft-v1', '{"teams": 3}');
    expect(loadDraft(storage)).toBeNull();
    storage.setItem('registration-form-draft-v1', 'not json');
    expect(loadDraft(storage)).toBeNull();
  });
});

describe('proof of work', () => {
  it('finds a nonce the server accepts (SHA-256 of challenge + nonce with the leading zero bits)', async () => {
    const challenge = 'pow1.test-challenge.1.8.signature';
    const nonce = await searchNonce(challenge, 8);
    const digest = createHash('sha256').update(`${challenge}${nonce}`, 'utf8').digest();
    expect(meetsDifficulty(digest, 8)).toBe(true);
  });
});
