import { ArrowUp, CircleAlert, Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type AdminSectionsResponse,
  SECTION_MESSAGES,
  SECTION_RULE_LABELS,
  type SectionRuleInput,
} from '../../../contracts/sections';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { SchoolYearsField } from '../../components/school-years-field';
import { Button, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CheckboxField, ChoiceField, SelectField, TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { saveToasts } from '../../lib/save-toasts';
import { useAdminSections, usePlacePlayer, useSaveSections } from './queries';

type RuleKind = SectionRuleInput['kind'];
const RULE_KINDS = Object.keys(SECTION_RULE_LABELS) as RuleKind[];

/** A section as typed: bounds stay text until saved. */
interface SectionDraft {
  key: string;
  id?: string;
  name: string;
  kind: RuleKind;
  years: Extract<SectionRuleInput, { kind: 'school-years' }>['years'];
  min: string;
  max: string;
  unrated: boolean;
}

const text = (value: number | null) => (value === null ? '' : String(value));
const bound = (value: string) => (value.trim() === '' ? null : Math.round(Number(value)));

function draftOf(section: AdminSectionsResponse['sections'][number]): SectionDraft {
  const { rule } = section;
  return {
    key: section.id,
    id: section.id,
    name: section.name,
    kind: rule.kind,
    years: rule.kind === 'school-years' ? [...rule.years] : [],
    min: rule.kind === 'age' || rule.kind === 'rating' ? text(rule.min) : '',
    max: rule.kind === 'age' || rule.kind === 'rating' ? text(rule.max) : '',
    unrated: rule.kind === 'rating' ? rule.unrated : false,
  };
}

function ruleOf(draft: SectionDraft): SectionRuleInput {
  switch (draft.kind) {
    case 'all':
      return { kind: 'all' };
    case 'school-years':
      return { kind: 'school-years', years: draft.years };
    case 'age':
      return { kind: 'age', min: bound(draft.min), max: bound(draft.max) };
    case 'rating':
      return { kind: 'rating', min: bound(draft.min), max: bound(draft.max), unrated: draft.unrated };
  }
}

let added = 0;
const newSection = (): SectionDraft => {
  added += 1;
  return { key: `new-${added}`, name: '', kind: 'school-years', years: [], min: '', max: '', unrated: false };
};

function SectionFields({
  draft,
  index,
  disabled,
  onChange,
  onRemove,
  onMoveUp,
}: {
  draft: SectionDraft;
  index: number;
  disabled: boolean;
  onChange: (draft: SectionDraft) => void;
  onRemove: () => void;
  onMoveUp: (() => void) | null;
}) {
  const set = (change: Partial<SectionDraft>) => onChange({ ...draft, ...change });
  const label = draft.name || `Section ${index + 1}`;
  return (
    <Card className="flex flex-col gap-3" data-testid="section-form">
      <fieldset disabled={disabled} className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">{label}</legend>
        <TextField
          label="Section name"
          value={draft.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        <ChoiceField
          label="Who plays here"
          value={draft.kind}
          choices={RULE_KINDS}
          labels={SECTION_RULE_LABELS}
          onChange={(kind) => set({ kind })}
        />
        {draft.kind === 'school-years' ? (
          <SchoolYearsField
            className="sm:col-span-2"
            value={draft.years}
            onChange={(years) => set({ years })}
          />
        ) : null}
        {draft.kind === 'age' || draft.kind === 'rating' ? (
          <>
            <TextField
              label={draft.kind === 'age' ? 'From age' : 'From rating'}
              inputMode="numeric"
              value={draft.min}
              onChange={(event) => set({ min: event.target.value })}
            />
            <TextField
              label={draft.kind === 'age' ? 'To age (included)' : 'To rating (included)'}
              inputMode="numeric"
              value={draft.max}
              onChange={(event) => set({ max: event.target.value })}
            />
          </>
        ) : null}
        {draft.kind === 'rating' ? (
          <CheckboxField
            label="Unrated pupils play here"
            checked={draft.unrated}
            onChange={(event) => set({ unrated: event.target.checked })}
          />
        ) : null}
      </fieldset>
      {disabled ? null : (
        <div className="flex flex-wrap gap-2">
          {onMoveUp ? (
            <Button variant="secondary" size="sm" onClick={onMoveUp} aria-label={`Move up ${label}`}>
              <ArrowUp aria-hidden="true" className="size-4" /> Move up
            </Button>
          ) : null}
          <Button variant="secondary" size="sm" onClick={onRemove} aria-label={`Remove ${label}`}>
            <Trash2 aria-hidden="true" className="size-4" /> Remove
          </Button>
        </div>
      )}
    </Card>
  );
}

function SectionsForm({ data }: { data: AdminSectionsResponse }) {
  const save = useSaveSections();
  const [drafts, setDrafts] = useState<SectionDraft[]>(() => data.sections.map(draftOf));
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typo = drafts.find(
      (draft) => !Number.isFinite(Number(draft.min || 0)) || !Number.isFinite(Number(draft.max || 0)),
    );
    if (typo) {
      setError(`${typo.name || 'A section'}: write ages and ratings as numbers`);
      return;
    }
    setError(null);
    save.mutate(
      {
        sections: drafts.map((draft) => ({
          ...(draft.id ? { id: draft.id } : {}),
          name: draft.name,
          rule: ruleOf(draft),
        })),
      },
      saveToasts('sections-saved', SECTION_MESSAGES.saveFailed, setError),
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="font-display text-2xl font-bold text-fg">
        Sections
      </h2>
      {data.fixed ? <p className="font-semibold text-fg">{SECTION_MESSAGES.fixed}.</p> : null}
      {drafts.length === 0 ? <p className="text-muted">{SECTION_MESSAGES.noSections}.</p> : null}
      {drafts.map((draft, index) => (
        <SectionFields
          key={draft.key}
          draft={draft}
          index={index}
          disabled={data.fixed}
          onChange={(changed) => setDrafts((all) => all.map((old, i) => (i === index ? changed : old)))}
          onRemove={() => setDrafts((all) => all.filter((_, i) => i !== index))}
          onMoveUp={
            index === 0
              ? null
              : () =>
                  setDrafts((all) => {
                    const moved = [...all];
                    [moved[index - 1], moved[index]] = [moved[index]!, moved[index - 1]!];
                    return moved;
                  })
          }
        />
      ))}
      {error ? (
        <Notice tone="error" icon={CircleAlert} title={SECTION_MESSAGES.saveFailed} role="alert">
          {error}
        </Notice>
      ) : null}
      {data.fixed ? null : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDrafts((all) => [...all, newSection()])}>
            <Plus aria-hidden="true" className="size-4" /> Add a section
          </Button>
          <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
            <Save aria-hidden="true" className="size-4" /> Save and place the pupils
          </SubmitButton>
        </div>
      )}
    </form>
  );
}

function Placements({ data }: { data: AdminSectionsResponse }) {
  const place = usePlacePlayer();
  const [filter, setFilter] = useState('');
  const headingId = useId();
  const shown = data.players.filter((player) =>
    `${player.name} ${player.team ?? ''}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-2xl font-bold text-fg">
        Who plays where
      </h2>
      <p className="text-sm text-muted">
        The first section whose rule a pupil meets takes them. Place a pupil by hand to override the rules; a
        pupil who has played keeps their section.
      </p>
      <TextField label="Find a pupil" value={filter} onChange={(event) => setFilter(event.target.value)} />
      <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
        {shown.map((player) => (
          <li key={player.id} className="flex flex-wrap items-end justify-between gap-2 px-4 py-2">
            <span>
              <span className="font-semibold text-fg">{player.name}</span>
              {player.team ? <span className="text-muted"> · {player.team}</span> : null}
              {player.byHand ? <span className="text-sm text-muted"> · placed by hand</span> : null}
            </span>
            <SelectField
              label={`Section of ${player.name}`}
              className="w-56 [&_label]:sr-only"
              value={player.byHand ? (player.sectionId ?? '') : ''}
              disabled={place.isPending}
              onChange={(event) =>
                place.mutate(
                  { playerId: player.id, sectionId: event.target.value || null },
                  saveToasts('section-placed', SECTION_MESSAGES.saveFailed),
                )
              }
            >
              <option value="">
                By the rules
                {!player.byHand && player.sectionId
                  ? `: ${data.sections.find((section) => section.id === player.sectionId)?.name ?? ''}`
                  : ''}
              </option>
              {data.sections.map((section) => (
                <option key={section.id} value={section.id}>
                  {section.name}
                </option>
              ))}
            </SelectField>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /admin/sections (`manageSections`; issue 32, ADR 044): split the event into sections by school year, age or
 * rating band, each paired, ranked and awarded on its own; see and override who plays where. Fixed once round 1
 * is paired.
 */
export function SectionsPage() {
  const sections = useAdminSections();
  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeading title="Sections">
        Split the event into sections, each with its own pairings, standings, school table and prizes. The
        rounds keep one clock: every section plays round 3 at the same time, on boards numbered through the
        hall.
      </AdminPageHeading>
      <QueryView query={sections} errorTitle={SECTION_MESSAGES.loadFailed} keepDataOnError>
        {(data) => (
          <>
            {data.problems.length > 0 ? (
              <Card role="status" className="flex flex-col gap-2 border-loss">
                <h2 className="flex items-center gap-2 font-semibold text-fg">
                  <CircleAlert aria-hidden="true" className="size-4 text-loss" /> Before the next round can be
                  paired
                </h2>
                <ul className="list-disc pl-5 text-fg">
                  {data.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </Card>
            ) : null}
            {data.sections.length > 0 ? (
              <p className="text-fg">
                {data.sections.map((section) => `${section.name}: ${section.players}`).join(' · ')}
              </p>
            ) : null}
            <SectionsForm key={JSON.stringify(data.sections)} data={data} />
            {data.sections.length > 0 ? <Placements data={data} /> : null}
          </>
        )}
      </QueryView>
    </div>
  );
}
