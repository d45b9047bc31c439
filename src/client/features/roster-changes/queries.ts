import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { REGISTRATION_TOKEN_HEADER } from '../../../contracts/registrations';
import {
  dayRulesResponseSchema,
  type RosterByeBody,
  rosterChangeResponseSchema,
  rosterChangesSchema,
  rosterRequestDecisionResponseSchema,
  rosterRequestsResponseSchema,
  rosterRulesChangeResponseSchema,
  rosterRulesResponseSchema,
} from '../../../contracts/roster-changes';
import type {
  RosterLateTeamBody,
  RosterRequestDecisionBody,
  RosterSubstitutionBody,
} from '../../../contracts/roster-substitutions';
import type { RosterRules } from '../../../domain/roster-changes';
import { getJson, sendJson } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const base = (id: string) => `/api/roster-changes/${encodeURIComponent(id)}`;
const tokenHeader = (token: string | undefined): Record<string, string> =>
  token ? { [REGISTRATION_TOKEN_HEADER]: token } : {};

export const rosterChangesQuery = (id: string, token: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.rosterChanges(id),
    queryFn: ({ signal }) => getJson(base(id), rosterChangesSchema, signal, tokenHeader(token)),
    retry: false,
  });

/** One change the teacher asks for; the server decides with the roster rules and answers with the new roster. */
export type RosterChangeRequest =
  | ({ type: 'bye' } & RosterByeBody)
  | { type: 'take-back'; playerId: string; roundNumber: number }
  | { type: 'withdraw'; playerId: string }
  | { type: 'return'; playerId: string }
  | ({ type: 'substitute' } & RosterSubstitutionBody)
  | { type: 'ask-return'; playerId: string; reason: string }
  | ({ type: 'late-team' } & RosterLateTeamBody);

function send(id: string, token: string | undefined, change: RosterChangeRequest) {
  const headers = tokenHeader(token);
  const pupil = 'playerId' in change ? encodeURIComponent(change.playerId) : '';
  switch (change.type) {
    case 'bye': {
      const { type: _type, ...body } = change;
      return sendJson('POST', `${base(id)}/byes`, body, rosterChangeResponseSchema, headers);
    }
    case 'take-back':
      return sendJson(
        'DELETE',
        `${base(id)}/byes/${pupil}/${change.roundNumber}`,
        {},
        rosterChangeResponseSchema,
        headers,
      );
    case 'withdraw':
      return sendJson(
        'POST',
        `${base(id)}/withdrawals`,
        { playerId: change.playerId },
        rosterChangeResponseSchema,
        headers,
      );
    case 'return':
      return sendJson('DELETE', `${base(id)}/withdrawals/${pupil}`, {}, rosterChangeResponseSchema, headers);
    case 'substitute': {
      const { type: _type, ...body } = change;
      return sendJson('POST', `${base(id)}/substitutions`, body, rosterChangeResponseSchema, headers);
    }
    case 'late-team': {
      const { type: _type, ...body } = change;
      return sendJson('POST', `${base(id)}/late-teams`, body, rosterChangeResponseSchema, headers);
    }
    case 'ask-return': {
      const { type: _type, ...body } = change;
      return sendJson('POST', `${base(id)}/returns`, body, rosterChangeResponseSchema, headers);
    }
  }
}

export function useRosterChange(id: string, token: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RosterChangeRequest) => send(id, token, change),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.rosterChanges(id), answer.roster),
  });
}

/** The roster rules in words, for the public "how the day works" page (a server-drawn page's data). */
export const dayRulesQuery = queryOptions({
  queryKey: queryKeys.dayRules,
  queryFn: ({ signal }) => getJson('/api/public/day-rules', dayRulesResponseSchema, signal),
});

export const rosterRulesQuery = queryOptions({
  queryKey: queryKeys.rosterRules,
  queryFn: ({ signal }) => getJson('/api/admin/roster-rules', rosterRulesResponseSchema, signal),
});

/** Saves the rules (or, with null, resets them to the defaults); the answer is the rules as now stored. */
export function useSaveRosterRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: RosterRules | null) =>
      rules === null
        ? sendJson('DELETE', '/api/admin/roster-rules', {}, rosterRulesChangeResponseSchema)
        : sendJson('PUT', '/api/admin/roster-rules', rules, rosterRulesChangeResponseSchema),
    onSuccess: ({ message: _message, ...answer }) => queryClient.setQueryData(queryKeys.rosterRules, answer),
  });
}

/** The arbiter's queue of teachers' changes asked after their lock (/admin/roster-requests). */
export const rosterRequestsQuery = queryOptions({
  queryKey: queryKeys.rosterRequests,
  queryFn: ({ signal }) => getJson('/api/admin/roster-requests', rosterRequestsResponseSchema, signal),
});

export function useDecideRosterRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, ...body }: RosterRequestDecisionBody & { requestId: string }) =>
      sendJson(
        'POST',
        `/api/admin/roster-requests/${encodeURIComponent(requestId)}/decision`,
        body,
        rosterRequestDecisionResponseSchema,
      ),
    onSuccess: ({ message: _message, ...queue }) => queryClient.setQueryData(queryKeys.rosterRequests, queue),
  });
}
