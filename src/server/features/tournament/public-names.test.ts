import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX } from '../../../../tests/support/server/authorization-matrix';
import { createClientFixture } from '../../../../tests/support/server/client-fixture';
import { startTestApp, type TestApp } from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { playerLookupResponseSchema } from '../../../contracts/player-lookup';
import { NOINDEX_HEADER, PUBLIC_PAGE_PATHS } from '../../../contracts/public-pages';
import { formatPublicName } from '../../../domain/public-names';
import { players, tournaments } from '../../db/schema/tournaments';

/** Folded for comparing: a name in any case, with any run of spaces, in JSON or HTML. */
const fold = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

describe.each(databaseTargets)('child-safe public names on %s (ADR 036)', (target) => {
  let t: TestApp;
  let fixture: ReturnType<typeof createClientFixture>;
  let fullNames: string[];
  beforeAll(async () => {
    fixture = createClientFixture();
    t = await startTestApp(target, { clientDir: fixture.clientDir });
    // Set before the first request, so the first public snapshot is already drawn with it.
    await t.database.db.update(tournaments).set({ publicNameDisplay: 'initials' });
    fullNames = (await t.database.db.select({ name: players.name }).from(players)).map((row) => row.name);
  });
  afterAll(async () => {
    await t?.close();
    fixture?.remove();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const leaks = (body: string) => fullNames.filter((name) => fold(body).includes(fold(name)));

  it('shows no full name on any public route of the OpenAPI document, nor on any public page', async () => {
    expect(fullNames.length).toBeGreaterThan(20);
    const document = (await get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      if (!('get' in methods)) continue;
      const row = AUTHORIZATION_MATRIX[`GET ${path.replace(/\{(\w+)\}/g, ':$1')}`];
      if (!row?.allowed.includes('anonymous') || row.isStream) continue;
      const url = row.path ?? path;
      const response = await get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(leaks(response.body), url).toEqual([]);
      checked.push(url);
    }
    expect(checked).toContain('/api/public/leaderboard');
    expect(checked).toContain('/api/public/roster');
    expect(checked.length).toBeGreaterThan(10);
    for (const path of PUBLIC_PAGE_PATHS) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(leaks(page.body), path).toEqual([]);
    }
    // The standings still list everyone, by initials.
    const leaderboard = (await get('/api/public/leaderboard')).json() as { players: { name: string }[] };
    expect(leaderboard.players.length).toBeGreaterThan(20);
    expect(leaderboard.players.every((player) => /^(\p{Lu}\. ?)+$/u.test(player.name))).toBe(true);
  });

  it('finds a pupil by the full name typed in full, never by part of it', async () => {
    const name = fullNames.find((candidate) => candidate.includes(' '))!;
    const found = playerLookupResponseSchema.parse(
      (await get(`/api/public/players?name=${encodeURIComponent(name)}`)).json(),
    );
    expect(found.players.map((player) => player.name)).toEqual([formatPublicName(name, 'initials')]);
    const surname = name.split(' ').at(-1)!;
    const partial = await get(`/api/public/players?name=${encodeURIComponent(surname)}`);
    expect(playerLookupResponseSchema.parse(partial.json()).players).toEqual([]);
    expect(partial.headers[NOINDEX_HEADER.name]).toBe(NOINDEX_HEADER.value);
    const page = await get(`/player-lookup?name=${encodeURIComponent(surname)}`);
    expect(page.headers[NOINDEX_HEADER.name]).toBe(NOINDEX_HEADER.value);
    expect((await get('/leaderboard')).headers[NOINDEX_HEADER.name]).toBeUndefined();
  });

  it("applies a pupil's stricter permission over a looser tournament setting", async () => {
    const name = fullNames.find((candidate) => candidate.includes(' '))!;
    await t.database.db.update(tournaments).set({ publicNameDisplay: 'full' });
    await t.database.db
      .update(players)
      .set({ publicNameDisplay: 'first_initial' })
      .where(eq(players.name, name));
    // The change feed invalidates the snapshot; wait for the roster to show it.
    let roster = '';
    for (let attempt = 0; attempt < 60; attempt += 1) {
      roster = (await get('/api/public/roster')).body;
      if (roster.includes(formatPublicName(name, 'first_initial'))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(roster).toContain(formatPublicName(name, 'first_initial'));
    expect(leaks(roster)).not.toContain(name);
    expect(leaks(roster).length).toBeGreaterThan(10);
  });
});
