import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ACCESS_MESSAGES, PLAYER_DASHBOARD_CLOSED_TO } from '../../../contracts/common';
import { Spinner } from '../../components/ui/spinner';
import { RequireAccess } from '../auth/require-access';
import { homeQuery } from '../home/queries';

/** Whether players may open it: undefined while unknown; open on an error (the server's refusal still holds). */
function usePlayerDashboardOpen(): boolean | undefined {
  const { data, isError } = useQuery({ ...homeQuery, select: (home) => home.playerDashboardOpen });
  return isError ? true : data;
}

const REFUSAL = { roles: PLAYER_DASHBOARD_CLOSED_TO, message: ACCESS_MESSAGES.playerDashboardUnavailable };

/**
 * The player dashboard's guard (docs/requirements.md §2): every role may open it, unless the `player_dashboard_open`
 * setting (/admin/settings, ADR 020) is off; then a player is sent to / with 'Player dashboard is currently
 * unavailable', and admins and superadmins still get in. The setting comes with the public home data, so a change
 * reaches open pages live; the server's API refuses players as well. It sits in the page's chunk, not in every
 * page's first load (the router's own guard has checked the sign-in before this loads).
 */
export function PlayerDashboardGuard({ children }: { children: ReactNode }) {
  const isOpen = usePlayerDashboardOpen();
  if (isOpen === undefined) return <Spinner />;
  return (
    <RequireAccess rule="anyRole" refusal={isOpen ? undefined : REFUSAL}>
      {children}
    </RequireAccess>
  );
}
