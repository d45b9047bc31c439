import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { rosterRulesSentences } from '../../../contracts/roster-change-messages';
import { ROSTER_RULES_LIMITS, type RosterRulesResponse } from '../../../contracts/roster-changes';
import { SETTINGS_MESSAGES } from '../../../contracts/settings-registry';
import { lateEntryLastRound, type RosterRules } from '../../../domain/roster-changes';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { Button, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField, SwitchField, TextField } from '../../components/ui/field';
import { notify, notifyFailure } from '../../lib/notify';
import { rosterRulesQuery, useSaveRosterRules } from './queries';

/** The form's numbers as typed: an empty box is sent as null, and the server names the field to fill in. */
type Draft = Omit<RosterRules, 'halfPointByesPerPlayer' | 'namesLockHours' | 'roundLockMinutes'> & {
  halfPointByesPerPlayer: string;
  namesLockHours: string;
  roundLockMinutes: string;
};

const toDraft = (rules: RosterRules): Draft => ({
  ...rules,
  halfPointByesPerPlayer: String(rules.halfPointByesPerPlayer),
  namesLockHours: String(rules.namesLockHours),
  roundLockMinutes: String(rules.roundLockMinutes),
});
const typed = (value: string) => (value.trim() === '' ? null : Number(value));
const fromDraft = (draft: Draft) =>
  ({
    ...draft,
    halfPointByesPerPlayer: typed(draft.halfPointByesPerPlayer),
    namesLockHours: typed(draft.namesLockHours),
    roundLockMinutes: typed(draft.roundLockMinutes),
  }) as unknown as RosterRules;
/** The draft as rules for the preview: a box left empty reads as 0 there. */
const previewOf = (draft: Draft): RosterRules => {
  const rules = fromDraft(draft);
  return {
    ...rules,
    halfPointByesPerPlayer: rules.halfPointByesPerPlayer ?? 0,
    namesLockHours: rules.namesLockHours ?? 0,
    roundLockMinutes: rules.roundLockMinutes ?? 0,
  };
};

/**
 * /admin/roster-rules (manageRounds; issue #30): what teachers may change on their roster page and until when —
 * half-point byes, the final round, late entries, the locks. The sentences below the form are what the public
 * "how the day works" page and the teacher's page say, worked out from the rules as typed.
 */
export function RosterRulesPage() {
  const rules = useQuery(rosterRulesQuery);
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeading title="Roster Rules">
        What teachers may change for their own pupils, and until when. A change after its lock goes to an
        arbiter.
      </AdminPageHeading>
      <QueryView query={rules} errorTitle={SETTINGS_MESSAGES.loadFailed}>
        {(data) => <RulesForm key={JSON.stringify(data.rules)} data={data} />}
      </QueryView>
    </div>
  );
}

type NumberKey = 'halfPointByesPerPlayer' | 'namesLockHours' | 'roundLockMinutes';
type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

/** A whole-number rule, from 0 to its limit (ROSTER_RULES_LIMITS); the server checks it again. */
function NumberField({
  label,
  hint,
  field,
  draft,
  set,
}: {
  label: string;
  hint?: string;
  field: NumberKey;
  draft: Draft;
  set: SetDraft;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={0}
      max={ROSTER_RULES_LIMITS[field]}
      value={draft[field]}
      onChange={(event) => set(field, event.target.value)}
    />
  );
}

function RulesForm({ data }: { data: RosterRulesResponse }) {
  const [draft, setDraft] = useState(() => toDraft(data.rules));
  const save = useSaveRosterRules();
  const set: SetDraft = (key, value) => setDraft((now) => ({ ...now, [key]: value }));
  const rounds = data.totalRounds ?? ROSTER_RULES_LIMITS.lateEntryUntilRound;
  const middle =
    data.totalRounds === null
      ? null
      : lateEntryLastRound({ ...data.rules, lateEntryUntilRound: null }, data.totalRounds);

  const send = (rules: RosterRules | null) =>
    save.mutate(rules, {
      onSuccess: ({ message }) => notify('success', message),
      onError: (error) => notifyFailure(error, SETTINGS_MESSAGES.updateFailed),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(fromDraft(draft));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <form onSubmit={submit} className="flex flex-col gap-5" aria-label="Roster rules">
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 font-display text-lg font-bold text-fg">Requested byes</legend>
            <NumberField
              label="Half-point byes per pupil"
              hint="Further requested byes score 0 points."
              field="halfPointByesPerPlayer"
              draft={draft}
              set={set}
            />
            <SwitchField
              label="Half-point bye in the final round"
              description="Off: once round 1 has started, nobody can take a half-point bye in the last round."
              checked={draft.finalRoundByeAfterStart}
              onChange={(event) => set('finalRoundByeAfterStart', event.target.checked)}
            />
          </fieldset>
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 font-display text-lg font-bold text-fg">Late entries</legend>
            <SelectField
              label="Taken until this round is paired"
              value={draft.lateEntryUntilRound === null ? 'middle' : String(draft.lateEntryUntilRound)}
              onChange={(event) =>
                set(
                  'lateEntryUntilRound',
                  event.target.value === 'middle' ? null : Number(event.target.value),
                )
              }
            >
              <option value="middle">
                {middle === null ? 'The middle round' : `The middle round (round ${middle})`}
              </option>
              {Array.from({ length: rounds }, (_, index) => index + 1).map((round) => (
                <option key={round} value={round}>{`Round ${round}`}</option>
              ))}
            </SelectField>
            <SelectField
              label="Each round missed scores"
              value={draft.lateEntryMissedRound}
              onChange={(event) => set('lateEntryMissedRound', event.target.value as 'zero' | 'half')}
            >
              <option value="zero">0 points</option>
              <option value="half">½ point</option>
            </SelectField>
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-display text-lg font-bold text-fg">Locks</legend>
            <NumberField
              label="Names lock (hours before the event)"
              field="namesLockHours"
              draft={draft}
              set={set}
            />
            <NumberField
              label="Substitutions lock (minutes before a pairing)"
              field="roundLockMinutes"
              draft={draft}
              set={set}
            />
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
              Save rules
            </SubmitButton>
            {data.stored ? (
              <Button variant="secondary" disabled={save.isPending} onClick={() => send(null)}>
                Reset to the defaults
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      <Card role="region" aria-labelledby="roster-rules-preview">
        <h2 id="roster-rules-preview" className="font-display text-lg font-bold text-fg">
          What parents and teachers read
        </h2>
        <p className="mt-1 text-sm text-muted">
          On the public “How the day works” page and each teacher’s page.
        </p>
        <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-sm text-fg">
          {rosterRulesSentences(previewOf(draft), data.totalRounds).map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
