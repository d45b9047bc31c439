import { z } from 'zod';
import {
  type CreateRegistrationBody,
  createRegistrationBodySchema,
  type RegistrationPlayerInput,
} from '../../../contracts/registrations';
import { PUBLIC_NAME_DISPLAYS } from '../../../domain/public-names';
import {
  ELIGIBILITY_MESSAGES,
  PLAYERS_PER_TEAM,
  playerEligibility,
  type SchoolYear,
} from '../../../domain/registration';

/**
 * The registration form as typed: strings and booleans only, so it can be kept in sessionStorage and
 * restored exactly (nothing typed is lost on an error or a reload).
 */
export interface PlayerDraft {
  name: string;
  /** How the age is given: a date of birth, or a school year. */
  ageBy: 'dateOfBirth' | 'schoolYear';
  dateOfBirth: string;
  schoolYear: string;
  guardianName: string;
  /** Where the confirmation link goes: the guardian confirms by e-mail (T25). */
  guardianEmail: string;
  guardianConfirmed: boolean;
  /** The name permission (ADR 036): '' as the tournament shows names, or a stricter display. */
  publicNameDisplay: string;
}

export interface TeamDraft {
  name: string;
  /** False while the name is the automatic "<School> A": it then follows the school name. */
  nameEdited: boolean;
  players: PlayerDraft[];
}

export interface RegistrationDraft {
  registrantName: string;
  registrantEmail: string;
  registrantPhone: string;
  schoolName: string;
  teams: TeamDraft[];
}

export function emptyPlayer(): PlayerDraft {
  return {
    name: '',
    ageBy: 'dateOfBirth',
    dateOfBirth: '',
    schoolYear: '',
    guardianName: '',
    guardianEmail: '',
    guardianConfirmed: false,
    publicNameDisplay: '',
  };
}

/** "St Kevin's A", "St Kevin's B" … "Z", then "AA"; "Team A" before the school is typed. */
export function defaultTeamName(schoolName: string, index: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const letter = index < 26 ? letters[index] : `${letters[Math.floor(index / 26) - 1]}${letters[index % 26]}`;
  return `${schoolName.trim() || 'Team'} ${letter}`;
}

export function emptyTeam(schoolName: string, index: number): TeamDraft {
  return {
    name: defaultTeamName(schoolName, index),
    nameEdited: false,
    players: Array.from({ length: PLAYERS_PER_TEAM }, emptyPlayer),
  };
}

export function emptyDraft(): RegistrationDraft {
  return {
    registrantName: '',
    registrantEmail: '',
    registrantPhone: '',
    schoolName: '',
    teams: [emptyTeam('', 0)],
  };
}

/** Renames the teams that still carry their automatic name, after the school name or the team order changed. */
export function withDefaultTeamNames(draft: RegistrationDraft): RegistrationDraft {
  return {
    ...draft,
    teams: draft.teams.map((team, index) =>
      team.nameEdited ? team : { ...team, name: defaultTeamName(draft.schoolName, index) },
    ),
  };
}

/** Whether a player needs the guardian consent block (per the domain's eligibility rule). */
export function needsGuardianConsent(player: PlayerDraft, tournamentDay: string): boolean {
  const eligibility = playerEligibility(agePart(player), tournamentDay);
  return eligibility.eligible && eligibility.needsGuardianConsent;
}

function agePart(player: PlayerDraft) {
  return player.ageBy === 'dateOfBirth'
    ? { dateOfBirth: player.dateOfBirth || null, schoolYear: null }
    : // An unknown year is left for the schema to refuse, with its own message.
      { dateOfBirth: null, schoolYear: (player.schoolYear || null) as SchoolYear | null };
}

function namePermissionOf(player: PlayerDraft) {
  const chosen = PUBLIC_NAME_DISPLAYS.find((display) => display === player.publicNameDisplay);
  return chosen ? { publicNameDisplay: chosen } : {};
}

/** The request body (without the bot proof) the form stands for. */
export function toBody(
  draft: RegistrationDraft,
  tournamentDay: string,
): Omit<CreateRegistrationBody, 'botProof'> {
  return {
    registrantName: draft.registrantName,
    registrantEmail: draft.registrantEmail.trim(),
    registrantPhone: draft.registrantPhone.trim() || null,
    schoolName: draft.schoolName,
    teams: draft.teams.map((team) => ({
      name: team.name,
      players: team.players.map((player) => toPlayerInput(player, tournamentDay)),
    })),
  };
}

/** One pupil as the server takes them: at registration, and as a substitute on the teacher's roster page. */
export function toPlayerInput(player: PlayerDraft, tournamentDay: string): RegistrationPlayerInput {
  return {
    name: player.name,
    ...agePart(player),
    guardianConsent: needsGuardianConsent(player, tournamentDay)
      ? {
          by: player.guardianName,
          // Left out when empty: checkDraft then asks for it with the server's own message.
          ...(player.guardianEmail.trim() ? { email: player.guardianEmail.trim() } : {}),
          confirmed: player.guardianConfirmed as true,
        }
      : null,
    // Sent only when chosen: absent means "as the tournament shows names".
    ...namePermissionOf(player),
  };
}

/** Problems by field path, as the server names them ("teams.0.players.2.dateOfBirth"). */
export type FormIssues = Record<string, string>;

const bodySchema = createRegistrationBodySchema.omit({ botProof: true });

/**
 * Every problem of the form at once: the server's own schema (createRegistrationBodySchema), then the
 * domain's eligibility rule for each player, the same checks the server makes.
 */
export function checkDraft(draft: RegistrationDraft, tournamentDay: string): FormIssues {
  const issues: FormIssues = {};
  const add = (path: string, message: string) => {
    issues[path] ??= message;
  };
  const parsed = bodySchema.safeParse(toBody(draft, tournamentDay));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issuePath(issue), issue.message);
  }
  draft.teams.forEach((team, t) => {
    team.players.forEach((player, p) => {
      const path = `teams.${t}.players.${p}`;
      const eligibility = playerEligibility(agePart(player), tournamentDay);
      if (!eligibility.eligible) add(`${path}.${player.ageBy}`, eligibility.reason);
      // The server requires the guardian's e-mail for every player who needs consent (the schema cannot).
      else if (eligibility.needsGuardianConsent && !player.guardianEmail.trim()) {
        add(`${path}.guardianConsent.email`, ELIGIBILITY_MESSAGES.guardianEmailNeeded);
      }
    });
  });
  return issues;
}

function issuePath(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  // The consent checkbox and its name are one block: the box's message belongs to the block.
  return path.endsWith('.guardianConsent.confirmed') ? path.replace(/\.confirmed$/, '') : path || 'form';
}

/** Live eligibility feedback for one player once an age is given (a missing age waits for submit). */
export function liveEligibilityIssue(player: PlayerDraft, tournamentDay: string): string | undefined {
  const given = player.ageBy === 'dateOfBirth' ? player.dateOfBirth : player.schoolYear;
  if (!given) return undefined;
  const eligibility = playerEligibility(agePart(player), tournamentDay);
  return eligibility.eligible ? undefined : eligibility.reason;
}

const STORAGE_KEY = 'registration-form-draft-v1';

const draftSchema = z.object({
  registrantName: z.string(),
  registrantEmail: z.string(),
  registrantPhone: z.string(),
  schoolName: z.string(),
  teams: z
    .array(
      z.object({
        name: z.string(),
        nameEdited: z.boolean(),
        players: z
          .array(
            z.object({
              name: z.string(),
              ageBy: z.enum(['dateOfBirth', 'schoolYear']),
              dateOfBirth: z.string(),
              schoolYear: z.string(),
              guardianName: z.string(),
              guardianEmail: z.string().default(''),
              guardianConfirmed: z.boolean(),
              publicNameDisplay: z.string().default(''),
            }),
          )
          .length(PLAYERS_PER_TEAM),
      }),
    )
    .min(1),
});

/** The draft kept in this tab, or null when there is none (or it is from an older form). */
export function loadDraft(storage: Pick<Storage, 'getItem'> = sessionStorage): RegistrationDraft | null {
  try {
    const parsed = draftSchema.safeParse(JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveDraft(
  draft: RegistrationDraft,
  storage: Pick<Storage, 'setItem'> = sessionStorage,
): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage blocked or full: the form still works, it just cannot survive a reload.
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
