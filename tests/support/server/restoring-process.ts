/**
 * A server process in the middle of a restore, for the test that kills it (kill -9) the way a crash would:
 * it opens the PostgreSQL database at DATABASE_URL, holds read-only through safe-control's `Maintenance` as a
 * restore does, prints `restoring` once the switch is on, and then waits for ever.
 *
 *   DATABASE_URL=postgres://… RESTORE_REASON='Restoring the backup …' node --import tsx tests/support/server/restoring-process.ts
 */
import pino from 'pino';
import { Audit } from '../../../src/server/audit/audit';
import { createClock } from '../../../src/server/clock';
import { SafeControl } from '../../../src/server/core/safe-control/safe-control.state';
import { openDatabase } from '../../../src/server/db/client';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const logger = pino({ level: 'silent' });
const database = await openDatabase({ url, poolMax: 3 }, logger);
const clock = createClock();
const safeControl = new SafeControl(database, new Audit(clock), clock, logger);
await safeControl.during(process.env.RESTORE_REASON ?? 'Restoring a backup', async () => {
  process.stdout.write('restoring\n');
  await new Promise(() => {
    // The restore never ends: the test kills this process.
    setInterval(() => {}, 60_000);
  });
});
