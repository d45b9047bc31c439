import { CircleAlert, FileDown, Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type AdminPrizesResponse,
  CASH_SHARING,
  CASH_SHARING_LABELS,
  CERTIFICATE_SCOPE_LABELS,
  CERTIFICATE_SCOPES,
  CRITERION_LABELS,
  PRIZE_KIND_LABELS,
  PRIZE_KINDS,
  PRIZE_MESSAGES,
  PRIZE_PRIORITIES,
  PRIZE_PRIORITY_LABELS,
  type PrizeConfig,
  type PrizeCriterion,
  type PrizeKind,
} from '../../../contracts/prizes';
import type { SchoolYear } from '../../../domain/registration';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { QueryView } from '../../components/query-view';
import { SchoolYearsField } from '../../components/school-years-field';
import { Button, buttonClasses, SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CheckboxField, ChoiceField, SelectField, SwitchField, TextField } from '../../components/ui/field';
import { Notice } from '../../components/ui/notice';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { saveToasts } from '../../lib/save-toasts';
import { PrizeList } from './prize-list';
import { PRIZES_BASE, useAdminPrizes, useEmbargoPrizes, useSavePrizes } from './queries';

/** The criteria the page offers, in the order of the list. */
const OFFERED_CRITERIA = [
  'overall',
  'rating',
  'unrated',
  'girls',
  'age',
  'class',
  'school',
  'custom',
] as const;
type OfferedCriterion = (typeof OFFERED_CRITERIA)[number];

interface CategoryDraft {
  id: string;
  name: string;
  criterion: OfferedCriterion;
  min: string;
  max: string;
  schoolId: string;
  classes: SchoolYear[];
  kind: PrizeKind;
  /** Values, first place first, comma-separated: euros for cash, a ranking value otherwise. */
  values: string;
  /** A criterion of staff's own: its name and the players it names. */
  customName: string;
  playerIds: string[];
}
interface BracketDraft {
  id: string;
  name: string;
  priority: PrizeConfig['brackets'][number]['priority'];
  sharing: PrizeConfig['brackets'][number]['sharing'];
  categories: CategoryDraft[];
}
interface Draft {
  brackets: BracketDraft[];
  ageCutOff: string;
  hasBestSchool: boolean;
  schoolName: string;
  schoolKind: PrizeKind;
  schoolValues: string;
}

const newId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const valuesText = (places: readonly { kind: PrizeKind; value: number }[]) =>
  places.map((place) => (place.kind === 'cash' ? String(place.value / 100) : String(place.value))).join(', ');

function draftOf(config: PrizeConfig): Draft {
  return {
    brackets: config.brackets.map((bracket) => ({
      ...bracket,
      categories: bracket.categories.map((category) => {
        const { criterion } = category;
        return {
          id: category.id,
          name: category.name,
          criterion: criterion.kind,
          min:
            (criterion.kind === 'rating' || criterion.kind === 'age') && criterion.min !== null
              ? String(criterion.min)
              : '',
          max:
            (criterion.kind === 'rating' || criterion.kind === 'age') && criterion.max !== null
              ? String(criterion.max)
              : '',
          schoolId: criterion.kind === 'school' ? criterion.schoolId : '',
          classes: criterion.kind === 'class' ? [...criterion.classes] : [],
          kind: category.places[0]?.kind ?? 'cash',
          values: valuesText(category.places),
          customName: criterion.kind === 'custom' ? criterion.name : '',
          playerIds: criterion.kind === 'custom' ? [...criterion.playerIds] : [],
        };
      }),
    })),
    ageCutOff: config.ageCutOff ?? '',
    hasBestSchool: config.bestSchool !== null,
    schoolName: config.bestSchool?.name ?? 'Best school',
    schoolKind: config.bestSchool?.places[0]?.kind ?? 'trophy',
    schoolValues: config.bestSchool ? valuesText(config.bestSchool.places) : '1',
  };
}

const places = (kind: PrizeKind, text: string) =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((value) => ({ kind, value: Math.round(Number(value) * (kind === 'cash' ? 100 : 1)) }));
const bound = (text: string) => (text.trim() === '' ? null : Math.round(Number(text)));

/** The first amount or bound that is not a number, said before anything is sent. */
function typingProblem(draft: Draft): string | null {
  const isNumber = (text: string) => text.trim() === '' || Number.isFinite(Number(text));
  for (const bracket of draft.brackets) {
    for (const category of bracket.categories) {
      const name = category.name || 'A category';
      const values = category.values.split(/[,\s]+/).filter(Boolean);
      if (values.length === 0) return `${name}: ${PRIZE_MESSAGES.valuesNeeded}`;
      if (!values.every(isNumber) || !isNumber(category.min) || !isNumber(category.max)) {
        return `${name}: ${PRIZE_MESSAGES.numbersOnly}`;
      }
    }
  }
  return null;
}

function criterionOf(category: CategoryDraft): PrizeCriterion {
  switch (category.criterion) {
    case 'rating':
    case 'age':
      return { kind: category.criterion, min: bound(category.min), max: bound(category.max) };
    case 'class':
      return { kind: 'class', classes: category.classes };
    case 'school':
      return { kind: 'school', schoolId: category.schoolId };
    case 'custom':
      return {
        kind: 'custom',
        name: category.customName.trim() || category.name,
        playerIds: category.playerIds,
      };
    default:
      return { kind: category.criterion };
  }
}

function configOf(draft: Draft): PrizeConfig {
  return {
    brackets: draft.brackets.map((bracket) => ({
      id: bracket.id,
      name: bracket.name,
      priority: bracket.priority,
      sharing: bracket.sharing,
      categories: bracket.categories.map((category) => ({
        id: category.id,
        name: category.name,
        criterion: criterionOf(category),
        places: places(category.kind, category.values),
      })),
    })),
    bestSchool: draft.hasBestSchool
      ? { name: draft.schoolName, places: places(draft.schoolKind, draft.schoolValues) }
      : null,
    ageCutOff: draft.ageCutOff.trim() === '' ? null : draft.ageCutOff,
  };
}

const emptyCategory = (name: string): CategoryDraft => ({
  id: newId('c'),
  name,
  criterion: 'overall',
  min: '',
  max: '',
  schoolId: '',
  classes: [],
  kind: 'cash',
  values: '',
  customName: '',
  playerIds: [],
});

/** A criterion of staff's own: its name, and the players it names, found by typing. */
function NamedPlayers({
  category,
  players,
  onChange,
}: {
  category: CategoryDraft;
  players: AdminPrizesResponse['players'];
  onChange: (patch: Partial<CategoryDraft>) => void;
}) {
  const [filter, setFilter] = useState('');
  const chosen = new Set(category.playerIds);
  const typed = filter.trim().toLowerCase();
  const shown = players.filter(
    (player) => chosen.has(player.id) || (typed !== '' && player.name.toLowerCase().includes(typed)),
  );
  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      <TextField
        label="The criterion's name"
        hint="As the certificates say it, e.g. Best newcomer"
        value={category.customName}
        onChange={(event) => onChange({ customName: event.target.value })}
      />
      <TextField
        label="Find a player to name"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <fieldset>
        <legend className="text-sm font-semibold text-fg">Players named ({chosen.size})</legend>
        {shown.map((player) => (
          <CheckboxField
            key={player.id}
            label={player.team ? `${player.name} · ${player.team}` : player.name}
            checked={chosen.has(player.id)}
            onChange={(event) =>
              onChange({
                playerIds: event.target.checked
                  ? [...category.playerIds, player.id]
                  : category.playerIds.filter((id) => id !== player.id),
              })
            }
          />
        ))}
      </fieldset>
    </div>
  );
}

function CategoryFields({
  category,
  schools,
  players,
  onChange,
  onRemove,
}: {
  category: CategoryDraft;
  schools: AdminPrizesResponse['schools'];
  players: AdminPrizesResponse['players'];
  onChange: (category: CategoryDraft) => void;
  onRemove: () => void;
}) {
  const set = (patch: Partial<CategoryDraft>) => onChange({ ...category, ...patch });
  return (
    <fieldset
      className="grid gap-3 rounded-xl border border-line p-4 sm:grid-cols-2"
      data-testid="prize-category-form"
    >
      <legend className="px-1 font-semibold text-fg">{category.name || 'New category'}</legend>
      <TextField
        label="Category name"
        value={category.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <ChoiceField
        label="Who can win it"
        value={category.criterion}
        choices={OFFERED_CRITERIA}
        labels={CRITERION_LABELS}
        onChange={(criterion) => set({ criterion })}
      />
      {category.criterion === 'rating' || category.criterion === 'age'
        ? (
            [
              ['min', category.criterion === 'rating' ? 'Lowest rating' : 'Youngest age'],
              ['max', category.criterion === 'rating' ? 'Highest rating' : 'Oldest age'],
            ] as const
          ).map(([key, label]) => (
            <TextField
              key={key}
              label={`${label} (empty: none)`}
              inputMode="numeric"
              value={category[key]}
              onChange={(event) => set({ [key]: event.target.value })}
            />
          ))
        : null}
      {category.criterion === 'class' ? (
        <SchoolYearsField
          className="sm:col-span-2"
          value={category.classes}
          onChange={(classes) => set({ classes })}
        />
      ) : null}
      {category.criterion === 'custom' ? (
        <NamedPlayers category={category} players={players} onChange={set} />
      ) : null}
      {category.criterion === 'school' ? (
        <SelectField
          label="School"
          value={category.schoolId}
          onChange={(event) => set({ schoolId: event.target.value })}
        >
          <option value="">Choose a school</option>
          {schools.map((school) => (
            <option key={school.id} value={school.id}>
              {school.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <ChoiceField
        label="Prize"
        value={category.kind}
        choices={PRIZE_KINDS}
        labels={PRIZE_KIND_LABELS}
        onChange={(kind) => set({ kind })}
      />
      <TextField
        label={
          category.kind === 'cash'
            ? 'Amounts in €, first place first'
            : 'Values to rank them, first place first'
        }
        hint={
          category.kind === 'cash' ? 'e.g. 100, 60, 40' : 'e.g. 3, 2, 1 (a value of 60 ranks above €50 cash)'
        }
        value={category.values}
        onChange={(event) => set({ values: event.target.value })}
      />
      <div className="sm:col-span-2">
        <Button variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" /> Remove category
        </Button>
      </div>
    </fieldset>
  );
}

function PrizeForm({ data }: { data: AdminPrizesResponse }) {
  const save = useSavePrizes(data.section);
  const [draft, setDraft] = useState<Draft>(() => draftOf(data.config));
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const setBracket = (index: number, bracket: BracketDraft) =>
    setDraft((current) => ({
      ...current,
      brackets: current.brackets.map((old, i) => (i === index ? bracket : old)),
    }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = typingProblem(draft);
    setError(problem);
    if (problem) return;
    save.mutate(configOf(draft), saveToasts('prizes-saved', PRIZE_MESSAGES.saveFailed, setError));
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="font-display text-2xl font-bold text-fg">
        Prizes on offer
      </h2>
      {draft.brackets.map((bracket, index) => (
        <Card key={bracket.id} className="flex flex-col gap-4" data-testid="prize-bracket-form">
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="List name"
              hint="A player wins at most one prize in each list"
              value={bracket.name}
              onChange={(event) => setBracket(index, { ...bracket, name: event.target.value })}
            />
            <ChoiceField
              label="At equal value"
              value={bracket.priority}
              choices={PRIZE_PRIORITIES}
              labels={PRIZE_PRIORITY_LABELS}
              onChange={(priority) => setBracket(index, { ...bracket, priority })}
            />
            <ChoiceField
              label="Cash ties (first category)"
              value={bracket.sharing}
              choices={CASH_SHARING}
              labels={CASH_SHARING_LABELS}
              onChange={(sharing) => setBracket(index, { ...bracket, sharing })}
            />
          </div>
          {bracket.categories.map((category, categoryIndex) => (
            <CategoryFields
              key={category.id}
              category={category}
              schools={data.schools}
              players={data.players}
              onChange={(changed) =>
                setBracket(index, {
                  ...bracket,
                  categories: bracket.categories.map((old, i) => (i === categoryIndex ? changed : old)),
                })
              }
              onRemove={() =>
                setBracket(index, {
                  ...bracket,
                  categories: bracket.categories.filter((_, i) => i !== categoryIndex),
                })
              }
            />
          ))}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                setBracket(index, {
                  ...bracket,
                  categories: [
                    ...bracket.categories,
                    emptyCategory(bracket.categories.length === 0 ? 'Overall' : ''),
                  ],
                })
              }
            >
              <Plus aria-hidden="true" className="size-4" /> Add a category
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                setDraft((current) => ({
                  ...current,
                  brackets: current.brackets.filter((_, i) => i !== index),
                }))
              }
            >
              <Trash2 aria-hidden="true" className="size-4" /> Remove this list
            </Button>
          </div>
        </Card>
      ))}
      <div>
        <Button
          variant="secondary"
          onClick={() =>
            setDraft((current) => ({
              ...current,
              brackets: [
                ...current.brackets,
                {
                  id: newId('b'),
                  name: current.brackets.length === 0 ? 'Prizes' : '',
                  priority: 'place-first',
                  sharing: 'none',
                  categories: [emptyCategory('Overall')],
                },
              ],
            }))
          }
        >
          <Plus aria-hidden="true" className="size-4" /> Add a prize list
        </Button>
      </div>
      <Card>
        <TextField
          label="Ages are counted on"
          type="date"
          value={draft.ageCutOff}
          onChange={(event) => setDraft({ ...draft, ageCutOff: event.target.value })}
          hint="Left empty: the tournament's first day. Ages come from the dates of birth in the registrations."
        />
      </Card>
      <Card className="flex flex-col gap-3">
        <CheckboxField
          label="A prize for the best school (the school standings: each team's best four pupils)"
          checked={draft.hasBestSchool}
          onChange={(event) => setDraft({ ...draft, hasBestSchool: event.target.checked })}
        />
        {draft.hasBestSchool ? (
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="Name"
              value={draft.schoolName}
              onChange={(event) => setDraft({ ...draft, schoolName: event.target.value })}
            />
            <ChoiceField
              label="Prize"
              value={draft.schoolKind}
              choices={PRIZE_KINDS}
              labels={PRIZE_KIND_LABELS}
              onChange={(schoolKind) => setDraft({ ...draft, schoolKind })}
            />
            <TextField
              label="Values, first place first"
              value={draft.schoolValues}
              onChange={(event) => setDraft({ ...draft, schoolValues: event.target.value })}
            />
          </div>
        ) : null}
      </Card>
      {error ? (
        <Notice tone="error" icon={CircleAlert} title={PRIZE_MESSAGES.saveFailed}>
          {error}
        </Notice>
      ) : null}
      <div>
        <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
          <Save aria-hidden="true" className="size-4" /> Save prizes
        </SubmitButton>
      </div>
    </form>
  );
}

/** One PDF per click: a page per winner, per participant, or both (ADR 043). */
function CertificateLinks() {
  const headingId = useId();
  return (
    <Card className="flex flex-col gap-3" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-xl font-bold text-fg">
        Certificates
      </h2>
      <p className="text-sm text-muted">
        A PDF to print, one A4 page each, with full names: the winners of the list below as it stands, and
        every pupil who played.
      </p>
      <div className="flex flex-wrap gap-2">
        {CERTIFICATE_SCOPES.map((scope) => (
          <a
            key={scope}
            href={`${PRIZES_BASE}/certificates?scope=${scope}`}
            download
            className={buttonClasses('secondary', 'sm')}
          >
            <FileDown aria-hidden="true" className="size-4" />
            {CERTIFICATE_SCOPE_LABELS[scope]} (PDF)
          </a>
        ))}
      </div>
    </Card>
  );
}

function EmbargoSwitch({ embargoed }: { embargoed: boolean }) {
  const embargo = useEmbargoPrizes();
  return (
    <Card>
      <SwitchField
        label="Hide the winners until the ceremony"
        description="The public prize page then lists the prizes without names; staff still see them here."
        checked={embargoed}
        disabled={embargo.isPending}
        onChange={(event) =>
          embargo.mutate(event.target.checked, {
            onSuccess: (answer) => notify('success', answer.message, { id: 'prizes-embargo' }),
            onError: (failure) =>
              notify('error', serverMessage(failure, PRIZE_MESSAGES.saveFailed), { id: 'prizes-embargo' }),
          })
        }
      />
    </Card>
  );
}

/**
 * /admin/prizes (`managePrizes`; issue 32, ADR 043): the prize lists of the active tournament, the best-school
 * prize and the embargo; below, the list they give so far, with the winners even during the embargo.
 */
export function PrizesAdminPage() {
  const [section, setSection] = useState<string | null>(null);
  const prizes = useAdminPrizes(section);
  const listId = useId();
  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeading title="Prizes">
        Prize lists with their categories and places, how ties share cash, and the best school. The list below
        follows the results as they are confirmed and is final when the last round is complete.
      </AdminPageHeading>
      <QueryView query={prizes} errorTitle={PRIZE_MESSAGES.loadFailed} keepDataOnError>
        {(data) => (
          <>
            <EmbargoSwitch embargoed={data.embargoed} />
            <CertificateLinks />
            {data.sections.length > 0 ? (
              <SelectField
                label="Prizes of the section"
                hint="Each section has its own prizes, awarded from its own standings."
                value={data.section ?? ''}
                onChange={(event) => setSection(event.target.value)}
              >
                {data.sections.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </SelectField>
            ) : null}
            {/* Keyed by what is stored: a save (here or by another organiser) draws the form from it again. */}
            <PrizeForm key={`${data.section}:${JSON.stringify(data.config)}`} data={data} />
            <section aria-labelledby={listId} className="flex flex-col gap-3">
              <h2 id={listId} className="font-display text-2xl font-bold text-fg">
                The list so far
              </h2>
              <PrizeList view={data.view} forStaff />
            </section>
          </>
        )}
      </QueryView>
    </div>
  );
}
