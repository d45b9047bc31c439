import { CRM_ROSTER_CHANGE_ACTION } from '../../../contracts/crm';
import type { Tx } from '../../audit/audit';
import { crmActivity } from '../../db/schema/crm';

/**
 * Puts a roster change a school's teacher made on the school's CRM card (its activity log), in the change's own
 * transaction: organisers see on the card what the school changed without asking (ADR 041).
 */
export async function recordRosterChange(
  tx: Tx,
  change: { schoolId: string; actorId: string | null; sentence: string },
): Promise<void> {
  await tx.insert(crmActivity).values({
    schoolId: change.schoolId,
    taskId: null,
    actorId: change.actorId,
    action: CRM_ROSTER_CHANGE_ACTION,
    fromValue: null,
    toValue: change.sentence,
    reason: null,
  });
}
