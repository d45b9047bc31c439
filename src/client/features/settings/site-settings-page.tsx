import { ArrowRight, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { HomeResponse } from '../../../contracts/home';
import type { HomePageSettings } from '../../../contracts/settings';
import { SETTING_KEYS } from '../../../contracts/settings';
import {
  homePageSettingsUpdateSchema,
  isSettingKey,
  SETTINGS_MESSAGES,
  SETTINGS_REGISTRY,
  SITE_SETTING_KEYS,
  type SiteSettingsResponse,
} from '../../../contracts/settings-registry';
import { may } from '../../../domain/access-rules';
import { LoadError } from '../../components/load-error';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogActions } from '../../components/ui/dialog';
import { SwitchField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { type FieldErrors, validate } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useSession } from '../auth/queries';
import { useHome } from '../home/queries';
import { SettingsPage } from '../settings-gate/settings-pages';
import { HomePreview } from './home-preview';
import { HomeSettingsForm } from './home-settings-form';
import { useResetSettings, useSiteSettings, useUpdateSetting } from './queries';

const COLOUR_FIELDS = ['hero_background_color', 'header_background_color'] as const;

/** docs/requirements.md §8: a failed change says 'Failed to update system setting', with the server's reason. */
function notifyUpdateFailed(error: unknown): void {
  notify('error', SETTINGS_MESSAGES.updateFailed, { description: serverMessage(error, 'Please try again.') });
}

/** The settings that have their own page, linked from here (the ones this user may change). */
function ElsewhereLinks({ settings }: { settings: SiteSettingsResponse }) {
  const session = useSession();
  const links = settings.elsewhere.filter(
    ({ key }) =>
      isSettingKey(key) &&
      session.status === 'signed-in' &&
      may(session.access, SETTINGS_REGISTRY[key].access),
  );
  if (links.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-display text-xl font-bold text-fg">More settings</h2>
      <ul className="flex flex-col gap-2">
        {links.map(({ key, label, page }) => (
          <li key={key}>
            <Link
              to={page}
              className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-line px-4 py-2 font-semibold text-fg no-underline hover:border-primary"
            >
              {label}
              <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function LeaderboardVisibility({ visible }: { visible: boolean }) {
  const update = useUpdateSetting();
  // The switch moves at once; it goes back if the change is refused.
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <Card>
      <SwitchField
        label="Leaderboard visible"
        description="Off: the public leaderboard, Leading Players on the home page and the navigation hide the rankings on every open page at once."
        checked={chosen ?? visible}
        disabled={update.isPending}
        onChange={(event) => {
          const value = event.target.checked;
          setChosen(value);
          update.mutate(
            { key: SETTING_KEYS.leaderboardVisible, value },
            {
              onSuccess: () => notify('success', value ? 'Leaderboard shown' : 'Leaderboard hidden'),
              onError: notifyUpdateFailed,
              onSettled: () => setChosen(null),
            },
          );
        }}
      />
    </Card>
  );
}

/** docs/requirements.md §2: the player dashboard can be closed to players (the `player_dashboard_open` setting). */
function PlayerDashboardAvailability({ open }: { open: boolean }) {
  const update = useUpdateSetting();
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <Card>
      <SwitchField
        label="Player dashboard open to players"
        description="Off: players who open My Dashboard are sent to the home page with 'Player dashboard is currently unavailable'. Admins and superadmins still see it."
        checked={chosen ?? open}
        disabled={update.isPending}
        onChange={(event) => {
          const value = event.target.checked;
          setChosen(value);
          update.mutate(
            { key: SETTING_KEYS.playerDashboardOpen, value },
            {
              onSuccess: () =>
                notify(
                  'success',
                  value ? 'Player dashboard opened to players' : 'Player dashboard closed to players',
                ),
              onError: notifyUpdateFailed,
              onSettled: () => setChosen(null),
            },
          );
        }}
      />
    </Card>
  );
}

function ResetToDefaults() {
  const [isOpen, setIsOpen] = useState(false);
  const reset = useResetSettings();
  const confirm = () =>
    reset.mutate(SITE_SETTING_KEYS, {
      onSuccess: ({ message }) => {
        setIsOpen(false);
        notify('success', message);
      },
      onError: notifyUpdateFailed,
    });
  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Reset to defaults
      </Button>
      <Dialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title="Reset to defaults?"
        description="The stored home page settings, leaderboard visibility and player dashboard setting are deleted; every open page shows the defaults at once. This cannot be undone."
      >
        <DialogActions onCancel={() => setIsOpen(false)}>
          <Button variant="danger" onClick={confirm} disabled={reset.isPending}>
            Reset to defaults
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The home page with the draft settings laid over what the site shows now. */
function draftHome(home: HomeResponse, draft: HomePageSettings, leaderboardVisible: boolean): HomeResponse {
  const count = Number.isInteger(draft.featured_players_count) ? draft.featured_players_count : 0;
  return {
    ...home,
    settings: draft,
    leaderboardVisible,
    featuredPlayers: leaderboardVisible ? home.featuredPlayers.slice(0, Math.max(0, count)) : [],
  };
}

function SiteSettingsEditor({ settings }: { settings: SiteSettingsResponse }) {
  const [saved, setSaved] = useState(settings.home_page_settings);
  const [draft, setDraft] = useState(settings.home_page_settings);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const home = useHome();
  const update = useUpdateSetting();

  // Another save or a reset replaced what is stored: the form starts again from it.
  if (JSON.stringify(settings.home_page_settings) !== JSON.stringify(saved)) {
    setSaved(settings.home_page_settings);
    setDraft(settings.home_page_settings);
    setShowAllErrors(false);
  }

  const allErrors: FieldErrors = validate(homePageSettingsUpdateSchema, draft).errors ?? {};
  // Colours are checked as they are chosen; the other fields once a save was tried.
  const errors = showAllErrors
    ? allErrors
    : Object.fromEntries(COLOUR_FIELDS.map((field) => [field, allErrors[field]]));
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const save = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShowAllErrors(true);
    if (Object.keys(allErrors).length > 0) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    update.mutate(
      { key: SETTING_KEYS.homePage, value: draft },
      { onSuccess: () => notify('success', 'Home page settings saved'), onError: notifyUpdateFailed },
    );
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <LeaderboardVisibility visible={settings.leaderboard_visible} />
        <PlayerDashboardAvailability open={settings.player_dashboard_open} />
        <form
          noValidate
          onSubmit={save}
          aria-labelledby="home-settings-heading"
          className="flex flex-col gap-4"
        >
          <h2 id="home-settings-heading" className="font-display text-2xl font-bold text-fg">
            Home page
          </h2>
          <HomeSettingsForm
            draft={draft}
            errors={errors}
            onChange={(key, value) => setDraft((current) => ({ ...current, [key]: value }))}
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button type="submit" disabled={update.isPending || !isDirty}>
              <Save aria-hidden="true" className="size-4" />
              Save home page settings
            </Button>
            <Button variant="secondary" disabled={!isDirty} onClick={() => setDraft(saved)}>
              Discard changes
            </Button>
            <ResetToDefaults />
          </div>
        </form>
        <ElsewhereLinks settings={settings} />
      </div>
      <div className="min-w-0 xl:sticky xl:top-24 xl:self-start">
        {home.data ? (
          <HomePreview home={draftHome(home.data, draft, settings.leaderboard_visible)} />
        ) : home.isPending ? (
          <Spinner label="Loading the preview..." />
        ) : null}
      </div>
    </div>
  );
}

/** The site settings, once the settings password is entered. */
export function SiteSettings() {
  const query = useSiteSettings();
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <LoadError
        title={SETTINGS_MESSAGES.loadFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <SiteSettingsEditor settings={query.data} />;
}

/** /admin/settings behind the settings password: the site settings with a live preview, then the sections. */
export function SiteSettingsPage() {
  return (
    <SettingsPage>
      <SiteSettings />
    </SettingsPage>
  );
}
