import { z } from 'zod';

/** Every error the API sends: a message for people and the request id to quote to support. Never a stack. */
export const apiErrorSchema = z.object({
  error: z.string(),
  requestId: z.string(),
  /** A machine-readable reason, for the refusals a page acts on (e.g. `repeat_bye_needed`). */
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A change the API confirms with one sentence for a toast. */
export const messageResponseSchema = z.object({ message: z.string() });

export const isoDateTime = z.string().describe('ISO 8601 date-time, UTC');
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('calendar date, YYYY-MM-DD');
