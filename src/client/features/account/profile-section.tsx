import { UserRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { ACCOUNT_MESSAGES, type Profile, updateProfileBodySchema } from '../../../contracts/account';
import { QueryView } from '../../components/query-view';
import { SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { readForm, useFieldErrors } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useProfile, useUpdateProfile } from './queries';
import { SettingsSection } from './settings-section';

function ProfileForm({ profile }: { profile: Profile }) {
  const { errors, formRef, check, showError } = useFieldErrors();
  const update = useUpdateProfile();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { fullName, username } = readForm(event.currentTarget);
    const profile = check(updateProfileBodySchema, { fullName, username: username?.trim() || null });
    if (!profile) return;
    update.mutate(profile, {
      onSuccess: () => notify('success', 'Profile updated'),
      onError: (error) => {
        const message = serverMessage(error, 'Failed to update profile');
        if (message === ACCOUNT_MESSAGES.usernameTaken) showError('username', message);
        else notify('error', message);
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Full name"
        name="fullName"
        autoComplete="name"
        defaultValue={profile.fullName ?? ''}
        error={errors.fullName}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        defaultValue={profile.username ?? ''}
        hint="Optional. Letters, digits, dots, dashes or underscores."
        error={errors.username}
      />
      <TextField
        label="E-mail address"
        name="email"
        type="email"
        value={profile.email}
        readOnly
        hint="Ask an organiser to change the address you sign in with."
      />
      <SubmitButton className="self-start" isPending={update.isPending} pendingLabel="Saving...">
        Save profile
      </SubmitButton>
    </form>
  );
}

export function ProfileSection() {
  const profile = useProfile();
  return (
    <SettingsSection
      icon={UserRound}
      title="Profile"
      description="Your name as organisers and players see it."
    >
      <QueryView query={profile} errorTitle="Failed to load your profile">
        {(data) => <ProfileForm profile={data} />}
      </QueryView>
    </SettingsSection>
  );
}
