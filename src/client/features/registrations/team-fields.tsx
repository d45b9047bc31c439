import { ShieldCheck, Trash2 } from 'lucide-react';
import { PUBLIC_NAME_DISPLAY_LABELS } from '../../../domain/public-names';
import { SCHOOL_YEARS } from '../../../domain/registration';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cx } from '../../components/ui/cx';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import {
  type FormIssues,
  liveEligibilityIssue,
  needsGuardianConsent,
  type PlayerDraft,
  type TeamDraft,
} from './form-state';

export type PlayerChange = Partial<PlayerDraft>;

function AgeChoice({
  path,
  value,
  onChange,
}: {
  path: string;
  value: PlayerDraft['ageBy'];
  onChange: (value: PlayerDraft['ageBy']) => void;
}) {
  const options = [
    { value: 'dateOfBirth', label: 'Date of birth' },
    { value: 'schoolYear', label: 'School year' },
  ] as const;
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-semibold text-fg">Age given by</legend>
      <div className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-surface-muted p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              'flex min-h-9 cursor-pointer items-center justify-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-primary',
              value === option.value ? 'bg-surface text-fg shadow-sm' : 'text-muted',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={`${path}.ageBy`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * One pupil's fields, as at registration: name, age (date of birth or school year), the name permission, and
 * the guardian's consent when under 18. `title` names the fields ("Player 2", or "Substitute" on the teacher's
 * roster page).
 */
export function PlayerFields({
  player,
  path,
  index,
  title = `Player ${index + 1}`,
  tournamentDay,
  issues,
  onChange,
}: {
  player: PlayerDraft;
  path: string;
  index: number;
  title?: string;
  tournamentDay: string;
  issues: FormIssues;
  onChange: (change: PlayerChange, paths: string[]) => void;
}) {
  const consentNeeded = needsGuardianConsent(player, tournamentDay);
  const ageIssue = issues[`${path}.${player.ageBy}`] ?? liveEligibilityIssue(player, tournamentDay);
  const consentIssue = issues[`${path}.guardianConsent`];
  return (
    <fieldset className="flex flex-col gap-3 border-t border-line pt-4 first-of-type:border-t-0 first-of-type:pt-0">
      <legend className="sr-only">{title}</legend>
      <p aria-hidden="true" className="text-sm font-semibold uppercase tracking-wider text-muted">
        {title}
      </p>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.2fr)_auto_minmax(0,1fr)]">
        <TextField
          label={`${title} name`}
          className="sm:col-span-2 xl:col-span-1"
          name={`${path}.name`}
          autoComplete="off"
          value={player.name}
          error={issues[`${path}.name`]}
          onChange={(event) => onChange({ name: event.target.value }, [`${path}.name`])}
        />
        <AgeChoice
          path={path}
          value={player.ageBy}
          onChange={(ageBy) => onChange({ ageBy }, [`${path}.dateOfBirth`, `${path}.schoolYear`])}
        />
        {player.ageBy === 'dateOfBirth' ? (
          <TextField
            label={`${title} date of birth`}
            name={`${path}.dateOfBirth`}
            type="date"
            max={tournamentDay}
            value={player.dateOfBirth}
            error={ageIssue}
            onChange={(event) => onChange({ dateOfBirth: event.target.value }, [`${path}.dateOfBirth`])}
          />
        ) : (
          <SelectField
            label={`${title} school year`}
            name={`${path}.schoolYear`}
            value={player.schoolYear}
            error={ageIssue}
            onChange={(event) => onChange({ schoolYear: event.target.value }, [`${path}.schoolYear`])}
          >
            <option value="">Choose…</option>
            {SCHOOL_YEARS.map((year) => (
              <option key={year.value} value={year.value}>
                {year.value}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <SelectField
        label={`${title} name on public pages`}
        name={`${path}.publicNameDisplay`}
        value={player.publicNameDisplay}
        hint="Public pages never show more than the tournament allows."
        error={issues[`${path}.publicNameDisplay`]}
        onChange={(event) =>
          onChange({ publicNameDisplay: event.target.value }, [`${path}.publicNameDisplay`])
        }
      >
        <option value="">As the tournament shows names</option>
        <option value="first_initial">{PUBLIC_NAME_DISPLAY_LABELS.first_initial}</option>
        <option value="initials">{PUBLIC_NAME_DISPLAY_LABELS.initials}</option>
      </SelectField>
      {consentNeeded ? (
        <fieldset
          className={cx(
            'flex flex-col gap-3 rounded-xl border bg-surface-muted p-3 sm:p-4',
            consentIssue ? 'border-loss' : 'border-line',
          )}
        >
          <legend className="sr-only">{title} guardian consent</legend>
          <p className="flex items-start gap-2 text-sm text-fg">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            Under 18 on the tournament day: a parent or guardian must agree to this player taking part.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={`${title} parent or guardian name`}
              name={`${path}.guardianConsent.by`}
              autoComplete="off"
              value={player.guardianName}
              error={issues[`${path}.guardianConsent.by`]}
              onChange={(event) =>
                onChange({ guardianName: event.target.value }, [`${path}.guardianConsent.by`])
              }
            />
            <TextField
              label={`${title} parent or guardian e-mail`}
              name={`${path}.guardianConsent.email`}
              type="email"
              inputMode="email"
              autoComplete="off"
              hint="We e-mail them a link to confirm their consent."
              value={player.guardianEmail}
              error={issues[`${path}.guardianConsent.email`]}
              onChange={(event) =>
                onChange({ guardianEmail: event.target.value }, [`${path}.guardianConsent.email`])
              }
            />
          </div>
          <CheckboxField
            name={`${path}.guardianConsent`}
            aria-invalid={consentIssue ? true : undefined}
            className="min-h-11 text-base"
            label="The parent or guardian named above has given their consent"
            checked={player.guardianConfirmed}
            onChange={(event) =>
              onChange({ guardianConfirmed: event.target.checked }, [`${path}.guardianConsent`])
            }
          />
          {consentIssue ? <p className="text-sm font-medium text-loss">{consentIssue}</p> : null}
        </fieldset>
      ) : null}
    </fieldset>
  );
}

export function TeamFields({
  team,
  index,
  tournamentDay,
  issues,
  canRemove,
  onRename,
  onRemove,
  onPlayerChange,
}: {
  team: TeamDraft;
  index: number;
  tournamentDay: string;
  issues: FormIssues;
  canRemove: boolean;
  onRename: (name: string) => void;
  onRemove: () => void;
  onPlayerChange: (player: number, change: PlayerChange, paths: string[]) => void;
}) {
  const path = `teams.${index}`;
  return (
    <Card className="flex flex-col gap-5" role="group" aria-label={`Team ${index + 1}`}>
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-display text-lg font-bold text-fg">Team {index + 1}</h3>
        {canRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove team ${index + 1}`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
          </Button>
        ) : null}
      </div>
      <TextField
        label="Team name"
        name={`${path}.name`}
        autoComplete="off"
        value={team.name}
        hint="Shown on pairings and standings, e.g. “St Kevin's A”."
        error={issues[`${path}.name`]}
        onChange={(event) => onRename(event.target.value)}
      />
      {issues[`${path}.players`] ? (
        <p className="text-sm font-medium text-loss">{issues[`${path}.players`]}</p>
      ) : null}
      <div className="flex flex-col gap-4">
        {team.players.map((player, p) => (
          <PlayerFields
            // Players are a fixed set of 4 seats: the position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed seats, never reordered
            key={p}
            player={player}
            path={`${path}.players.${p}`}
            index={p}
            tournamentDay={tournamentDay}
            issues={issues}
            onChange={(change, paths) => onPlayerChange(p, change, paths)}
          />
        ))}
      </div>
    </Card>
  );
}
