/**
 * The data migration of 0010_schools (docs/decisions/012-school-identity.md): a database at the migration
 * before it, with representative rows, is migrated; every registration and every player with a team name is
 * linked to a school and a team, and nothing is dropped or renamed. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets, silentLogger } from '../../../tests/support/server/test-database';
import { type Database, openDatabase, type Schema } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION = '0010_schools';

/** A copy of the migrations folder whose journal stops before MIGRATION. */
function foldersBefore(): { before: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'schools-migration-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string; idx: number }[];
  };
  const stop = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { before: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

async function migrateTo(database: Database, folder: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
  } else {
    await migrateNodePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
  }
}

async function openEmpty(
  target: 'pglite' | 'postgres',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (target === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' }, silentLogger);
    return { database, drop: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `chess_schools_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 2 }, silentLogger);
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.each(databaseTargets)('migration %s (%s)', (target) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('turns registrations and team names into schools and teams without losing anything', async () => {
    const { before, cleanup } = foldersBefore();
    cleanups.push(cleanup);
    const { database, drop } = await openEmpty(target);
    cleanups.push(drop);
    await migrateTo(database, before);

    const ids = {
      t1: '00000000-0000-4000-8000-000000000001',
      t2: '00000000-0000-4000-8000-000000000002',
      r1: '00000000-0000-4000-8000-000000000011',
      r2: '00000000-0000-4000-8000-000000000012',
      r3: '00000000-0000-4000-8000-000000000013',
      r4: '00000000-0000-4000-8000-000000000014',
    };
    const db = database.db;
    await db.execute(sql`
      insert into tournaments (id, name, total_rounds, active) values
        (${ids.t1}, 'This year', 5, true), (${ids.t2}, 'Last year', 5, false)`);
    // Two registrations of one school (typed differently), one of "Loreto CBS" (no team letter), one whose
    // team name does not start with the school's name.
    await db.execute(sql`
      insert into registrations (id, reference, registrant_name, registrant_email, registrant_phone, school_name, team_count, amount_cents, created_at) values
        (${ids.r1}, 'REG-0001', 'Teacher One', 'one@kevins.example', '01 111', 'St Kevin''s', 1, 6000, '2025-01-01'),
        (${ids.r2}, 'REG-0002', 'Teacher Two', 'two@kevins.example', null, '  st  kevin''s ', 1, 6000, '2025-02-01'),
        (${ids.r3}, 'REG-0003', 'Teacher Three', 'three@loreto.example', null, 'Loreto CBS', 1, 6000, '2025-01-01'),
        (${ids.r4}, 'REG-0004', 'Teacher Four', 'four@smal.example', null, 'Scoil Mhuire Gan Smál', 1, 6000, '2025-01-01')`);
    const players = [
      // [name, group, tournament, promoted from registration]
      ['Promoted Kevin', "St Kevin's A", ids.t1, ids.r1],
      ['Hand Kevin', "St Kevin's A", ids.t1, null],
      ['Case Kevin', " st kevin's A ", ids.t1, null],
      ['Second Kevin', "St Kevin's B", ids.t1, null],
      ['Loreto Pupil', 'Loreto CBS', ids.t1, ids.r3],
      ['Smal Pupil', 'Smál A', ids.t1, ids.r4],
      ['Walk-in', null, ids.t1, null],
      ['Blank Group', '', ids.t1, null],
      ['Old Kevin', "St Kevin's A", ids.t2, null],
    ] as const;
    for (const [index, [name, group, tournament, registration]] of players.entries()) {
      const id = `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`;
      await db.execute(
        sql`insert into players (id, tournament_id, name, group_name) values (${id}, ${tournament}, ${name}, ${group})`,
      );
      if (registration) {
        const teamId = `00000000-0000-4000-8000-0000000002${String(index).padStart(2, '0')}`;
        await db.execute(
          sql`insert into registration_teams (id, registration_id, name, position) values (${teamId}, ${registration}, ${group}, 1)`,
        );
        await db.execute(sql`
          insert into registration_team_players (team_id, position, name, player_id)
          values (${teamId}, 1, ${name}, ${id})`);
      }
    }
    const playersBefore = await rowsOf<{ id: string; name: string; group_name: string | null }>(
      database,
      sql`select id, name, group_name from players order by id`,
    );

    await migrateTo(database, migrationsFolder);

    const schools = await rowsOf<{ id: string; name: string; teacher_email: string | null }>(
      database,
      sql`select id, name, teacher_email from schools order by name`,
    );
    expect(schools.map((school) => school.name)).toEqual([
      'Loreto CBS',
      'Scoil Mhuire Gan Smál',
      "St Kevin's",
    ]);
    const schoolId = (name: string) => schools.find((school) => school.name === name)!.id;
    // The teacher in charge: the registrant of the school's latest registration.
    expect(schools.find((school) => school.name === "St Kevin's")!.teacher_email).toBe('two@kevins.example');

    const registrations = await rowsOf<{ id: string; school_id: string; school_name: string }>(
      database,
      sql`select id, school_id, school_name from registrations order by id`,
    );
    expect(registrations.map((row) => row.school_id)).toEqual([
      schoolId("St Kevin's"),
      schoolId("St Kevin's"),
      schoolId('Loreto CBS'),
      schoolId('Scoil Mhuire Gan Smál'),
    ]);
    expect(registrations[1]!.school_name).toBe("  st  kevin's ");

    const teams = await rowsOf<{ id: string; tournament_id: string; school_id: string; name: string }>(
      database,
      sql`select id, tournament_id, school_id, name from teams order by tournament_id, name`,
    );
    expect(teams.map((team) => [team.tournament_id, team.name, team.school_id])).toEqual([
      [ids.t1, 'Loreto CBS', schoolId('Loreto CBS')],
      [ids.t1, 'Smál A', schoolId('Scoil Mhuire Gan Smál')],
      [ids.t1, "St Kevin's A", schoolId("St Kevin's")],
      [ids.t1, "St Kevin's B", schoolId("St Kevin's")],
      [ids.t2, "St Kevin's A", schoolId("St Kevin's")],
    ]);

    const after = await rowsOf<{
      id: string;
      name: string;
      group_name: string | null;
      team_id: string | null;
      school_id: string | null;
      tournament_id: string;
    }>(
      database,
      sql`select id, name, group_name, team_id, school_id, tournament_id from players order by id`,
    );
    // Nothing dropped, nothing renamed.
    expect(after.map(({ id, name, group_name }) => ({ id, name, group_name }))).toEqual(playersBefore);
    for (const player of after) {
      if (!player.group_name?.trim()) {
        expect(player.team_id).toBeNull();
        expect(player.school_id).toBeNull();
        continue;
      }
      const team = teams.find((candidate) => candidate.id === player.team_id)!;
      expect(team.tournament_id).toBe(player.tournament_id);
      expect(team.name.toLowerCase()).toBe(player.group_name.trim().toLowerCase());
      expect(player.school_id).toBe(team.school_id);
    }
  });
});
