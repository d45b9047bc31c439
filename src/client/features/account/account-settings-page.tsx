import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { PasswordSection } from './password-section';
import { PreferencesSection } from './preferences-section';
import { ProfileSection } from './profile-section';
import { YourDataSection } from './your-data-section';

/** /account-settings, for any signed-in user (docs/requirements.md §2): profile, password, preferences, GDPR. */
export function AccountSettingsPage() {
  return (
    <>
      <PageHeader eyebrow="Your account" title="Account Settings">
        Manage your profile &amp; preferences.
      </PageHeader>
      <Container className="grid gap-6 py-8 sm:py-12 lg:grid-cols-2">
        <ProfileSection />
        <PasswordSection />
        <PreferencesSection />
        <YourDataSection />
      </Container>
    </>
  );
}
