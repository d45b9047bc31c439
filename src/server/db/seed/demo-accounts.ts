import { eq } from 'drizzle-orm';
import type { Permission, StandardRole } from '../../../domain/permissions';
import type { Auth } from '../../auth/auth';
import { createAccountWithRole } from '../../core/users/accounts';
import type { Db } from '../client';
import { customRoles } from '../schema/accounts';
import { players } from '../schema/tournaments';

/** Published in the README: demo mode only, and demo mode listens on 127.0.0.1 only (ADR 006). */
export const DEMO_PASSWORD = 'demo-pass-2025';

export const DEMO_CUSTOM_ROLE = {
  name: 'Arbiter',
  description: 'Enters results, runs rounds and the check-in desk',
  permissions: {
    view_admin_result_input: true,
    view_round_management: true,
    view_admin_player_lookup: true,
    access_checkin_page: true,
  } satisfies Partial<Record<Permission, boolean>>,
};

export const DEMO_ACCOUNTS: {
  email: string;
  name: string;
  role: StandardRole;
  customRoleName?: string;
  /** The demo tournament player this account is. */
  playerName?: string;
}[] = [
  { email: 'superadmin@demo.test', name: 'Demo Superadmin', role: 'superadmin' },
  { email: 'admin@demo.test', name: 'Demo Admin', role: 'admin' },
  { email: 'player@demo.test', name: 'Judit Polgár', role: 'player', playerName: 'Judit Polgár' },
  { email: 'arbiter@demo.test', name: 'Demo Arbiter', role: 'player', customRoleName: DEMO_CUSTOM_ROLE.name },
];

/** Creates the demo sign-in accounts through better-auth, so their passwords are hashed like anyone's. */
export async function seedDemoAccounts(db: Db, auth: Auth): Promise<void> {
  await db.insert(customRoles).values(DEMO_CUSTOM_ROLE).onConflictDoNothing();
  for (const account of DEMO_ACCOUNTS) {
    const userId = await createAccountWithRole(db, auth, {
      email: account.email,
      password: DEMO_PASSWORD,
      name: account.name,
      role: account.role,
      customRoleName: account.customRoleName ?? null,
    });
    if (account.playerName) {
      await db.update(players).set({ userId }).where(eq(players.name, account.playerName));
    }
  }
}
