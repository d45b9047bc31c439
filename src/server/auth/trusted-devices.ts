import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verification } from '../db/schema/auth';

/**
 * Forgets every device the user marked as trusted (T14): better-auth's two-factor plugin keeps each one as a
 * verification row named `trust-device-…` whose value is the user id. The next sign-in asks for a code again.
 */
export async function revokeTrustedDevices(db: Db, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, 'trust-device-%'), eq(verification.value, userId)));
}
