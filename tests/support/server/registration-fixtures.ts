import { desc, eq } from 'drizzle-orm';
import type { CreateRegistrationBody, RegistrationPlayerInput } from '../../../src/contracts/registrations';
import {
  DEFAULT_TEAM_PRICE_CENTS,
  type RegistrationSettings,
  SETTING_KEYS,
} from '../../../src/contracts/settings';
import type { App } from '../../../src/server/app';
import { solveChallenge } from '../../../src/server/core/registrations/registration-security';
import { saveSetting } from '../../../src/server/core/settings/settings.repo';
import type { Db } from '../../../src/server/db/client';
import { mailOutbox } from '../../../src/server/db/schema/mail';
import { TEST_PUBLIC_URL } from './test-app';

/** Test helpers for the registration and payment API tests (made-up, generic names only). */

export const ADULT: RegistrationPlayerInput = { name: 'Player One', dateOfBirth: '2000-05-01' };
export const MINOR_WITH_CONSENT: RegistrationPlayerInput = {
  name: 'Player Two',
  dateOfBirth: '2011-01-15',
  guardianConsent: { by: 'Parent of Player Two', email: 'parent.two@family.example', confirmed: true },
};

export function teamOf(name: string, players: RegistrationPlayerInput[] = [ADULT, ADULT, ADULT, ADULT]) {
  return {
    name,
    players: players.map((player, index) => ({ ...player, name: `${player.name} ${name} ${index + 1}` })),
  };
}

export async function openRegistration(db: Db, settings: Partial<RegistrationSettings> = {}): Promise<void> {
  await saveSetting(db, SETTING_KEYS.registration, {
    is_enabled: true,
    team_price: DEFAULT_TEAM_PRICE_CENTS,
    ...settings,
  });
}

export async function botProof(app: App): Promise<CreateRegistrationBody['botProof']> {
  const { challenge, difficultyBits } = (await app.inject('/api/registrations/challenge')).json();
  return { challenge, nonce: solveChallenge(challenge, difficultyBits) };
}

export async function registrationBody(
  app: App,
  overrides: Partial<Omit<CreateRegistrationBody, 'botProof'>> = {},
): Promise<CreateRegistrationBody> {
  return {
    registrantName: 'Teacher Example',
    registrantEmail: 'teacher@school.example',
    registrantPhone: '+353 1 234 5678',
    schoolName: 'Example Community School',
    teams: [teamOf('Example A'), teamOf('Example B')],
    ...overrides,
    botProof: await botProof(app),
  };
}

export function send(app: App, method: 'POST' | 'PUT', url: string, payload: unknown, cookie?: string) {
  return app.inject({
    method,
    url,
    headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
}

/** Registers and returns the created registration and its access token. */
export async function register(
  app: App,
  overrides: Partial<Omit<CreateRegistrationBody, 'botProof'>> = {},
  cookie?: string,
) {
  const response = await send(
    app,
    'POST',
    '/api/registrations',
    await registrationBody(app, overrides),
    cookie,
  );
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  return response.json() as {
    registration: { id: string; reference: string; amountCents: number; teamCount: number };
    accessToken: string;
  };
}

export async function mailsTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to)).orderBy(desc(mailOutbox.id));
}
