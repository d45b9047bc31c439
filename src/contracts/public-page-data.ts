import type { z } from 'zod';
import { homeResponseSchema } from './home';
import { leaderboardResponseSchema } from './leaderboard';
import { playerLookupResponseSchema } from './player-lookup';
import type { PublicPageDataName } from './public-pages';
import { importantInformationSchema } from './rich-text';
import { dayRulesResponseSchema } from './roster-changes';
import { registrationSettingsSchema } from './settings';
import { tournamentResponseSchema } from './tournament';

/**
 * The schema each piece of a server-drawn page's data is read with: the same one the page's own fetch uses
 * (see each feature's queries.ts). The server's render reads the data with these before it draws (it cannot
 * draw a page from data they refuse), so the browser, running the same build, takes the page over with the
 * JSON as it was sent instead of checking it a second time on a phone's main thread (issue 37). The render's
 * test shows each schema gives back what it reads, key for key, so both sides hold equal data.
 */
export const PUBLIC_PAGE_DATA_SCHEMAS: Record<PublicPageDataName | 'playerLookup', z.ZodType> = {
  home: homeResponseSchema,
  leaderboard: leaderboardResponseSchema,
  tournament: tournamentResponseSchema,
  registrationSettings: registrationSettingsSchema,
  importantInformation: importantInformationSchema,
  dayRules: dayRulesResponseSchema,
  playerLookup: playerLookupResponseSchema,
};

/** Reads one piece of a drawn page's data, checked by its schema (the server's render). */
export function readCheckedPublicData(name: PublicPageDataName | 'playerLookup', body: string): unknown {
  return PUBLIC_PAGE_DATA_SCHEMAS[name].parse(JSON.parse(body));
}
