import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFixture, publicPageRenders } from '../../../../tests/support/server/client-fixture';
import { eventually, startTestApp, type TestApp } from '../../../../tests/support/server/test-app';
import { databaseTargets } from '../../../../tests/support/server/test-database';
import { leaderboardResponseSchema } from '../../../contracts/leaderboard';
import { playerLookupResponseSchema } from '../../../contracts/player-lookup';
import { PUBLIC_PAGE_DATA_SCHEMAS } from '../../../contracts/public-page-data';
import {
  PUBLIC_PAGE_PATHS,
  PUBLIC_PAGE_STATE_ID,
  type PublicPageState,
} from '../../../contracts/public-pages';
import { SETTING_KEYS } from '../../../contracts/settings';
import { deleteSetting, saveSetting } from '../../core/settings/settings.repo';
import { escapeJsonForHtml } from '../../http/page-template';

function stateOf(html: string): PublicPageState {
  const match = new RegExp(
    `<script type="application/json" id="${PUBLIC_PAGE_STATE_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('no state block in the page');
  return JSON.parse(match[1]) as PublicPageState;
}

/** The visible text of the drawn page (#root), tags and comments removed, entities decoded, space folded. */
function textOf(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${PUBLIC_PAGE_STATE_ID}"`));
  return root
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe.each(databaseTargets)('server-drawn public pages on %s', (target) => {
  let t: TestApp;
  let fixture: ReturnType<typeof createClientFixture>;
  beforeAll(async () => {
    fixture = createClientFixture();
    t = await startTestApp(target, { clientDir: fixture.clientDir });
  });
  afterAll(async () => {
    await t?.close();
    fixture?.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('draws every public page as HTML with the data it was drawn from', async () => {
    for (const path of PUBLIC_PAGE_PATHS) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body, path).toContain('<header');
      expect(stateOf(response.body).home, path).toBeDefined();
      // The no-JavaScript notice tells the truth: the page reads, it does not update by itself.
      expect(response.body).toContain('reload it for the latest results');
    }
  });

  it('sends data the browser can take over as sent: each schema gives back exactly what it reads', async () => {
    // The browser seeds a drawn page's data without parsing it again (issue 37); a schema that added, dropped
    // or changed a field (a default, a transform) would make its cache differ from what the server drew.
    const pages = [...PUBLIC_PAGE_PATHS, '/player-lookup?name=Aleksandra%20Goryachkina'];
    const seen = new Set<string>();
    for (const path of pages) {
      const state = stateOf((await get(path)).body);
      const bodies: [keyof typeof PUBLIC_PAGE_DATA_SCHEMAS, string | undefined][] = [
        ...Object.keys(PUBLIC_PAGE_DATA_SCHEMAS).map(
          (name) =>
            [name, state[name as keyof PublicPageState]] as [
              keyof typeof PUBLIC_PAGE_DATA_SCHEMAS,
              string | undefined,
            ],
        ),
        ['playerLookup', state.playerLookup?.body],
      ];
      for (const [name, body] of bodies) {
        if (typeof body !== 'string') continue;
        seen.add(name);
        const sent = JSON.parse(body);
        expect(PUBLIC_PAGE_DATA_SCHEMAS[name].parse(sent), `${path}: ${name}`).toStrictEqual(sent);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(PUBLIC_PAGE_DATA_SCHEMAS).sort());
  });

  it('has the standings in the HTML, in the order and with the points the API gives', async () => {
    const api = await get('/api/public/leaderboard');
    const standings = leaderboardResponseSchema.parse(api.json());
    const page = await get('/leaderboard');
    // The page was drawn from the very body the API sends: the two cannot disagree.
    expect(stateOf(page.body).leaderboard).toBe(api.body);
    const text = textOf(page.body);
    const top = standings.players.slice(0, 10);
    expect(top.length).toBeGreaterThan(5);
    const positions = top.map((player) => text.indexOf(player.name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("has a player's board, colour and opponent for ?name= in the HTML", async () => {
    const roster = (await get('/api/public/roster')).json() as { players: { name: string }[] };
    const lookups = await Promise.all(
      roster.players
        .slice(0, 20)
        .map(async ({ name }) =>
          playerLookupResponseSchema.parse(
            (await get(`/api/public/players?name=${encodeURIComponent(name)}`)).json(),
          ),
        ),
    );
    const withBoard = lookups
      .flatMap((lookup) => lookup.players)
      .find((player) => player.current?.board && player.current.opponent);
    if (!withBoard?.current?.opponent) throw new Error('the demo has no player with a board this round');
    const page = await get(`/player-lookup?name=${encodeURIComponent(withBoard.name)}`);
    const text = textOf(page.body);
    expect(text).toContain(withBoard.name);
    expect(text).toContain(withBoard.current.opponent.name);
    expect(text).toMatch(new RegExp(`Board\\s*${withBoard.current.board}\\b`));
    expect(stateOf(page.body).playerLookup?.name).toBe(withBoard.name);
  });

  it('keys a lookup page by the name it shows, whatever the address looks like', async () => {
    const escaped = await get('/player-lookup?name=Ju%26dit');
    const split = await get('/player-lookup?name=Ju&dit');
    const spaced = await get('/player-lookup?name=%20Ju%20');
    expect(stateOf(escaped.body).playerLookup?.name).toBe('Ju&dit');
    expect(stateOf(split.body).playerLookup?.name).toBe('Ju');
    // Trimmed as the page reads it: the same page as ?name=Ju.
    expect(spaced.headers.etag).toBe(split.headers.etag);
  });

  it('keeps a searched name inert: it cannot end the data block or run', async () => {
    const name = '</script><script>alert(1)</script>';
    const page = await get(`/player-lookup?name=${encodeURIComponent(name)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(stateOf(page.body).playerLookup?.name).toBe(name);
    expect(escapeJsonForHtml(JSON.stringify('</script>\u2028'))).toBe('"\\u003c/script>\\u2028"');
  });

  it('allows its two inline scripts by their hashes, and no other script', async () => {
    const page = await get('/');
    const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(2);
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    for (const script of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(scriptSrc).not.toContain('unsafe-inline');
    // The page's code is listed for the loader, not fetched ahead of the first paint.
    expect(page.body).not.toMatch(/<script type="module"/);
    expect(page.body).toContain('"entry":"/assets/index-test.js"');
  });

  it('preloads the chunks a page needs, found in the build manifest', async () => {
    const page = await get('/leaderboard');
    expect(page.body).toContain('"preload":["/assets/table-test.js","/assets/leaderboard-page-test.js"]');
    // A shared chunk is found by its name (the home page is shared with the settings preview).
    expect((await get('/')).body).toContain('/assets/home-page-test.js');
  });

  it('draws a page once per change of the data: the same bytes and ETag for every request', async () => {
    // A page nobody has asked for in this snapshot: 40 phones at once cost one render.
    const rendersBefore = publicPageRenders();
    const fresh = await Promise.all(
      Array.from({ length: 40 }, () => get('/player-lookup?name=Nobody%20Yet')),
    );
    expect(publicPageRenders() - rendersBefore).toBe(1);
    expect(new Set(fresh.map((response) => response.body)).size).toBe(1);
    const responses = await Promise.all(Array.from({ length: 40 }, () => get('/leaderboard')));
    const tags = new Set(responses.map((response) => response.headers.etag));
    expect(tags.size).toBe(1);
    const [etag] = [...tags];
    const again = await get('/leaderboard', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    const compressed = await get('/leaderboard', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    const head = await t.app.inject({ method: 'HEAD', url: '/leaderboard' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('draws the page again once, for everyone, after the data changes', async () => {
    const before = await get('/leaderboard');
    expect(textOf(before.body)).not.toContain('Player rankings are currently not visible.');
    await saveSetting(t.database.db, SETTING_KEYS.leaderboardVisible, false);
    try {
      const after = await eventually(async () => {
        const response = await get('/leaderboard');
        return response.headers.etag !== before.headers.etag ? response : undefined;
      });
      expect(textOf(after.body)).toContain('Player rankings are currently not visible.');
      const rendersBefore = publicPageRenders();
      const others = await Promise.all(Array.from({ length: 10 }, () => get('/leaderboard')));
      expect(new Set(others.map((response) => response.headers.etag))).toEqual(new Set([after.headers.etag]));
      expect(publicPageRenders()).toBe(rendersBefore);
    } finally {
      await deleteSetting(t.database.db, SETTING_KEYS.leaderboardVisible);
    }
  });

  it('leaves the other pages to the browser', async () => {
    const login = await get('/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<div id="root"></div>');
    expect(login.body).not.toContain(PUBLIC_PAGE_STATE_ID);
  });
});
