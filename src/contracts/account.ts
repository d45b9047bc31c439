import { z } from 'zod';
import { PERMISSIONS, STANDARD_ROLES } from '../domain/permissions';

/** The signed-in user as the client needs them for menus and guards (the server checks every request itself). */
export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  role: z.enum(STANDARD_ROLES),
  customRoleName: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
