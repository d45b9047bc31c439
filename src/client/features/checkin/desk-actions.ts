import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  CHECKIN_MESSAGES,
  type CheckinPlayer,
  type CheckinSearchResponse,
  checkinActionResponseSchema,
} from '../../../contracts/checkin';
import { ApiRequestError, sendJson } from '../../lib/api-client';
import { outcomeOfRequest, theOutbox } from '../../lib/outbox/outbox';
import { queryKeys } from '../../lib/query-keys';
import { playerPath } from './queries';

/*
 * The desk's check-in and undo through the offline outbox (ADR 032): a module of its own, so the kiosk's first load
 * (which shares the check-in queries) does not carry the outbox.
 */

type DeskAction = { kind: 'check-in' | 'undo'; player: CheckinPlayer };

/** The outbox's action kinds of the desk (ADR 032); the kiosk has its own (kiosk-outbox.tsx). */
export const CHECKIN_OUTBOX_KINDS = ['checkin.check-in', 'checkin.undo'] as const;
type QueuedDeskAction = { playerId: string; name: string };

const outboxKindOf = (kind: DeskAction['kind']) =>
  kind === 'check-in' ? 'checkin.check-in' : 'checkin.undo';

/**
 * Sends the desk's queued actions (ADR 032): with their client id, the time they were made and `source: 'offline'`;
 * then the desk and overview are read again. Registered by the desk, and by any staff page loaded while desk
 * actions wait (auth/offline-session.ts).
 */
export function registerDeskSenders(queryClient: QueryClient): void {
  for (const kind of CHECKIN_OUTBOX_KINDS) {
    theOutbox().registerSender(kind, {
      send: (payload, meta) =>
        outcomeOfRequest(() =>
          sendJson(
            kind === 'checkin.check-in' ? 'POST' : 'DELETE',
            playerPath((payload as QueuedDeskAction).playerId),
            { ...meta, source: 'offline' },
            checkinActionResponseSchema,
          ),
        ),
      describe: (payload) =>
        `${kind === 'checkin.check-in' ? 'Check-in' : 'Undo of the check-in'} of ${(payload as QueuedDeskAction).name}`,
      onSent: () => void queryClient.invalidateQueries({ queryKey: queryKeys.checkin }),
    });
  }
}

/** The desk sends its queued actions while it is open. */
export function useCheckinOutbox(): void {
  const queryClient = useQueryClient();
  useEffect(() => registerDeskSenders(queryClient), [queryClient]);
}

/**
 * A desk action the server cannot take now (offline, no answer, or earlier actions still waiting): stored on
 * the device and answered as if done, the row showing it at once.
 */
async function queueDeskAction({ kind, player }: DeskAction) {
  await theOutbox().enqueue(outboxKindOf(kind), `player:${player.id}`, {
    playerId: player.id,
    name: player.name,
  } satisfies QueuedDeskAction);
  const checkedInAt = kind === 'check-in' ? new Date().toISOString() : null;
  return {
    player: { ...player, checkedInAt },
    message:
      kind === 'check-in' ? CHECKIN_MESSAGES.checkedIn(player.name) : CHECKIN_MESSAGES.undone(player.name),
  };
}

async function sendDeskAction(action: DeskAction) {
  if (!navigator.onLine || theOutbox().hasWaiting(CHECKIN_OUTBOX_KINDS)) return queueDeskAction(action);
  try {
    return await sendJson(
      action.kind === 'check-in' ? 'POST' : 'DELETE',
      playerPath(action.player.id),
      undefined,
      checkinActionResponseSchema,
    );
  } catch (error) {
    // No answer: the connection dropped on the way; the outbox keeps it (the server accepts it once).
    if (error instanceof ApiRequestError && error.status === 0) return queueDeskAction(action);
    throw error;
  }
}

/** A cached desk search with one player's row replaced and the checked-in count moved to match. */
function patchDesk(
  data: CheckinSearchResponse | undefined,
  player: CheckinPlayer,
): CheckinSearchResponse | undefined {
  if (!data) return data;
  const before = data.players.find((candidate) => candidate.id === player.id);
  const delta = before ? Number(player.checkedInAt !== null) - Number(before.checkedInAt !== null) : 0;
  return {
    ...data,
    counts: { ...data.counts, checkedIn: data.counts.checkedIn + delta },
    players: data.players.map((candidate) => (candidate.id === player.id ? player : candidate)),
  };
}

/**
 * Check in or undo, shown at once: the row and the counts change before the server answers, and go back if
 * it refuses. Whatever happens, the desk and overview are then read again.
 */
export function useDeskAction() {
  const queryClient = useQueryClient();
  const desks = { queryKey: [...queryKeys.checkin, 'desk'] };
  return useMutation({
    mutationFn: sendDeskAction,
    networkMode: 'always',
    onMutate: async ({ kind, player }) => {
      await queryClient.cancelQueries(desks);
      const previous = queryClient.getQueriesData<CheckinSearchResponse>(desks);
      const optimistic = { ...player, checkedInAt: kind === 'check-in' ? new Date().toISOString() : null };
      queryClient.setQueriesData<CheckinSearchResponse>(desks, (data) => patchDesk(data, optimistic));
      return { previous };
    },
    onError: (_error, _action, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: ({ player }) => {
      queryClient.setQueriesData<CheckinSearchResponse>(desks, (data) => patchDesk(data, player));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.checkin }),
  });
}
