import { z } from 'zod';
import type { StandardRole } from '../domain/permissions';

/** Every error the API sends: a message for people and the request id to quote to support. Never a stack. */
export const apiErrorSchema = z.object({
  error: z.string(),
  requestId: z.string(),
  /** A machine-readable reason, for the refusals a page acts on (e.g. `repeat_bye_needed`). */
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * docs/requirements.md §8 texts, verbatim, of the access refusals: the server's guards and sign-in hooks send them
 * and the client shows the same words for its own checks. Defined only here.
 */
export const ACCESS_MESSAGES = {
  signInRequired: 'You need to be logged in to access this page',
  frozen: 'Your account has been frozen. Please contact an administrator.',
  forbidden: "You don't have permission to access this page",
  /** A player, while the player dashboard is switched off for players (the `player_dashboard_open` setting). */
  playerDashboardUnavailable: 'Player dashboard is currently unavailable',
  crossOrigin: 'This request did not come from this site.',
} as const;

/**
 * Who is refused the player dashboard while the `player_dashboard_open` setting is off (docs/requirements.md §2:
 * "players are refused"): the player role, custom roles included; admins and superadmins still get in. The server's
 * route and the client's guard both read this list (here, beside the message: both are in every page's first load).
 */
export const PLAYER_DASHBOARD_CLOSED_TO: readonly StandardRole[] = ['player'];

/** A change the API confirms with one sentence for a toast. */
export const messageResponseSchema = z.object({ message: z.string() });

export const isoDateTime = z.string().describe('ISO 8601 date-time, UTC');
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .describe('calendar date, YYYY-MM-DD');
