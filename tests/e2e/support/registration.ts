import { createHash } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { meetsDifficulty } from '../../../src/domain/registration';

/**
 * A fresh registration challenge, solved as the registration page does (SHA-256 of `challenge + nonce`
 * with enough leading zero bits): the `botProof` of a POST /api/registrations.
 */
export async function solvedBotProof(
  request: APIRequestContext,
): Promise<{ challenge: string; nonce: string }> {
  const { challenge, difficultyBits } = await (await request.get('/api/registrations/challenge')).json();
  for (let nonce = 0; ; nonce += 1) {
    const digest = createHash('sha256').update(`${challenge}${nonce}`).digest();
    if (meetsDifficulty(digest, difficultyBits)) return { challenge, nonce: String(nonce) };
  }
}

const team = (name: string) => ({
  name,
  players: [1, 2, 3, 4].map((n) => ({ name: `${name} Board ${n}`, dateOfBirth: '2000-05-01' })),
});

/** Registers a school through the public API, as the registration page does: adult pupils, no consent needed. */
export async function registerSchool(request: APIRequestContext, school: string, teams: string[]) {
  const created = await request.post('/api/registrations', {
    data: {
      registrantName: 'Teacher Example',
      registrantEmail: `office@${school.toLowerCase().replaceAll(' ', '-')}.example`,
      schoolName: school,
      teams: teams.map(team),
      botProof: await solvedBotProof(request),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { registration: { id: string; reference: string }; accessToken: string };
}
