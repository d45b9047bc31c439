import type { QueryClient } from '@tanstack/react-query';
import { meResponseSchema } from '../../../contracts/account';
import { crmBoardSchema, crmOverviewSchema } from '../../../contracts/crm';
import {
  CRM_BOARD_PATH,
  CRM_OVERVIEW_PATH,
  type CrmPageState,
  SESSION_READ_PATHS,
} from '../../../contracts/crm-pages';
import { queryKeys } from '../../lib/query-keys';
import { ANONYMOUS, authSessionSchema, signedIn } from '../auth/queries';

// Loaded only to take over a CRM page the server drew (main.tsx) and by the server's render (ADR 037).

/** The page reads a drawn CRM page may carry: the query each fills and the schema its own fetch uses (queries.ts). */
const PAGE_READS = [
  { path: CRM_OVERVIEW_PATH, queryKey: queryKeys.crmOverview, schema: crmOverviewSchema },
  { path: CRM_BOARD_PATH, queryKey: queryKeys.crmBoard, schema: crmBoardSchema },
] as const;

/**
 * Fills the query cache from the reads a CRM page was drawn with, on the server before drawing and in the browser
 * before taking the page over, so both draw from equal data and the browser fetches nothing it was sent.
 */
export function seedCrmPage(queryClient: QueryClient, state: CrmPageState): void {
  const [sessionPath, mePath] = SESSION_READ_PATHS;
  const session = state.reads[sessionPath];
  const me = state.reads[mePath];
  if (session !== undefined && me !== undefined) {
    // The same schemas as the session's own fetch (auth/queries.ts), so a drawn page and a fetched one agree.
    const signedInAs = authSessionSchema.parse(JSON.parse(session));
    queryClient.setQueryData(
      queryKeys.session,
      signedInAs ? signedIn(meResponseSchema.parse(JSON.parse(me))) : ANONYMOUS,
    );
  }
  for (const read of PAGE_READS) {
    const body = state.reads[read.path];
    if (body !== undefined) queryClient.setQueryData(read.queryKey, read.schema.parse(JSON.parse(body)));
  }
}

/**
 * What the browser needs to take over a CRM page the server drew (main.tsx): the page's code loaded, and the seed
 * and time of the reads it was drawn from, read from its data block. (The app's route table finds the CRM's own
 * loaded when it first draws, an instant later: the drawn markup stays on screen meanwhile.)
 */
export async function crmPageTakeOver(
  stateBlock: HTMLElement,
): Promise<{ seed: (queryClient: QueryClient) => void; since: number }> {
  const state = JSON.parse(stateBlock.textContent ?? '{}') as CrmPageState;
  await import('./crm-routes').then((routes) => routes.preloadCrmPage(window.location.pathname));
  return { seed: (queryClient) => seedCrmPage(queryClient, state), since: state.since };
}
