import { SlidersHorizontal } from 'lucide-react';
import type { Preferences } from '../../../contracts/account';
import { QueryView } from '../../components/query-view';
import { SwitchField } from '../../components/ui/field';
import { notify, notifyFailure } from '../../lib/notify';
import { ThemePicker } from '../layout/theme-picker';
import { usePreferences, useUpdatePreferences } from './queries';
import { SettingsSection } from './settings-section';

const switches: { key: keyof Preferences; label: string; description: string; saved: [string, string] }[] = [
  {
    key: 'twoFactorEnabled',
    label: 'Two-factor device check',
    description:
      'When you sign in on a device we have not seen, we e-mail you a 6-digit code to confirm it is you.',
    saved: ['Two-factor device check turned on', 'Two-factor device check turned off'],
  },
  {
    key: 'roundNotifications',
    label: 'Round notifications',
    description: 'An e-mail when a round starts or finishes.',
    saved: ['Round notifications turned on', 'Round notifications turned off'],
  },
];

function PreferenceSwitches() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  return (
    <QueryView query={preferences} errorTitle="Failed to load your preferences">
      {(data) => (
        <div className="flex flex-col gap-5">
          {switches.map((item) => (
            <SwitchField
              key={item.key}
              label={item.label}
              description={item.description}
              checked={data[item.key]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                update.mutate(
                  { [item.key]: checked },
                  {
                    onSuccess: () => notify('success', item.saved[checked ? 0 : 1]),
                    onError: (failure) => notifyFailure(failure, 'Failed to save your preference'),
                  },
                );
              }}
            />
          ))}
        </div>
      )}
    </QueryView>
  );
}

export function PreferencesSection() {
  return (
    <SettingsSection
      icon={SlidersHorizontal}
      title="Preferences"
      description="How the site looks on this device, and how we keep your account safe."
    >
      <div className="flex flex-col gap-6">
        <ThemePicker tone="surface" />
        <PreferenceSwitches />
      </div>
    </SettingsSection>
  );
}
