import type { ReactNode } from 'react';
import type { HomePageSettings } from '../../../contracts/settings';
import { HOME_TEXT_LIMITS, MAX_FEATURED_PLAYERS } from '../../../contracts/settings-registry';
import { normalizeHexColour } from '../../../domain/contrast';
import { Card } from '../../components/ui/card';
import { SwitchField, TextareaField, TextField } from '../../components/ui/field';
import type { FieldErrors } from '../../lib/form';

type Key = keyof HomePageSettings;
type TextKey = keyof typeof HOME_TEXT_LIMITS;
type FlagKey = { [K in Key]: HomePageSettings[K] extends boolean ? K : never }[Key];

interface FormProps {
  draft: HomePageSettings;
  errors: FieldErrors;
  onChange: <K extends Key>(key: K, value: HomePageSettings[K]) => void;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 border-t border-line pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full font-display text-lg font-bold text-fg">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A text with a length limit: the counter is shown, and a longer text is refused, never cut. */
function LimitedText({
  name,
  label,
  multiline = false,
  draft,
  errors,
  onChange,
}: FormProps & { name: TextKey; label: string; multiline?: boolean }) {
  const limit = HOME_TEXT_LIMITS[name];
  const props = {
    label,
    name,
    value: draft[name],
    error: errors[name],
    hint: `${draft[name].length} / ${limit} characters`,
  };
  return multiline ? (
    <TextareaField {...props} rows={4} onChange={(event) => onChange(name, event.target.value)} />
  ) : (
    <TextField {...props} onChange={(event) => onChange(name, event.target.value)} />
  );
}

function Flag({
  name,
  label,
  description,
  draft,
  onChange,
}: Omit<FormProps, 'errors'> & { name: FlagKey; label: string; description?: string }) {
  return (
    <SwitchField
      label={label}
      name={name}
      {...(description ? { description } : {})}
      checked={draft[name]}
      onChange={(event) => onChange(name, event.target.checked)}
    />
  );
}

/** A band colour: a picker and the hex value; the contrast check's message appears under it as you choose. */
function ColourField({
  name,
  label,
  draft,
  errors,
  onChange,
}: FormProps & { name: 'hero_background_color' | 'header_background_color'; label: string }) {
  const value = draft[name];
  return (
    <div className="flex items-start gap-3">
      <input
        type="color"
        aria-label={`${label} picker`}
        value={normalizeHexColour(value) ?? '#000000'}
        onChange={(event) => onChange(name, event.target.value)}
        className="mt-7 h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-line bg-surface p-1"
      />
      <TextField
        className="grow"
        label={label}
        name={name}
        value={value}
        spellCheck={false}
        autoComplete="off"
        hint="White text and the gold title must keep WCAG AA contrast (4.5:1) on it."
        error={errors[name]}
        onChange={(event) => onChange(name, event.target.value)}
      />
    </div>
  );
}

/** docs/requirements.md §3: every home page setting, grouped as the page shows them. */
export function HomeSettingsForm(props: FormProps) {
  const { draft, errors, onChange } = props;
  return (
    <Card className="flex flex-col gap-6">
      <Group title="Header">
        <LimitedText {...props} name="header_title" label="Header title" />
        <LimitedText {...props} name="header_subtitle" label="Subtitle" multiline />
        <ColourField {...props} name="header_background_color" label="Header background colour" />
      </Group>
      <Group title="Hero">
        <LimitedText {...props} name="welcome_message" label="Welcome message" />
        <Flag
          {...props}
          name="show_hero_animation"
          label="Hero animation"
          description="Floating chess pieces."
        />
        <ColourField {...props} name="hero_background_color" label="Hero background colour" />
        <Flag
          {...props}
          name="show_countdown_timer"
          label="Countdown timer"
          description="Counts down to the first round while the tournament has not started."
        />
      </Group>
      <Group title="Sections">
        <Flag {...props} name="show_live_stats" label="Live statistics" />
        <TextField
          label="Featured players"
          name="featured_players_count"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_FEATURED_PLAYERS}
          step={1}
          value={Number.isNaN(draft.featured_players_count) ? '' : String(draft.featured_players_count)}
          hint={`Leading Players shows this many (0 hides it, at most ${MAX_FEATURED_PLAYERS}).`}
          error={errors.featured_players_count}
          onChange={(event) =>
            onChange(
              'featured_players_count',
              event.target.value === '' ? Number.NaN : Number(event.target.value),
            )
          }
        />
        <Flag {...props} name="show_recent_matches" label="Recent matches" />
        <Flag {...props} name="show_how_to_register" label="How to register" />
      </Group>
      <Group title="Announcements">
        <Flag
          {...props}
          name="announcements_enabled"
          label="Announcements"
          description="The announcements section with the tournament's announcements."
        />
        <LimitedText {...props} name="custom_announcement" label="Custom announcement" multiline />
      </Group>
      <Group title="Contact">
        <TextField
          label="Contact e-mail"
          name="contact_email"
          type="email"
          autoComplete="off"
          value={draft.contact_email}
          error={errors.contact_email}
          onChange={(event) => onChange('contact_email', event.target.value)}
        />
      </Group>
    </Card>
  );
}
