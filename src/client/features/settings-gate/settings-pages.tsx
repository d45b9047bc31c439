import { ArrowRight, Info, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPageHeading } from '../../components/admin-page-heading';
import { Card } from '../../components/ui/card';
import { SettingsGate } from './settings-gate';
import { SettingsPasswordForm } from './settings-password-form';

function SectionHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AdminPageHeading eyebrow="Admin Area · Settings" title={title}>
      {children}
    </AdminPageHeading>
  );
}

const SECTIONS = [
  {
    to: '/admin/recaptcha-settings',
    label: 'Bot protection',
    purpose: 'Proof of work, Turnstile, hCaptcha or reCAPTCHA on the public forms',
    icon: ShieldCheck,
  },
  {
    to: '/admin/important-information-settings',
    label: 'Important Information Settings',
    purpose: "The '2025 Tournament' page visitors read",
    icon: Info,
  },
] as const;

/**
 * /admin/settings behind the settings password: `children` (the site settings, features/settings), the
 * protected sections, and changing the password itself.
 */
export function SettingsPage({ children }: { children?: ReactNode }) {
  return (
    <SettingsGate>
      <div className="flex flex-col gap-8">
        <SectionHeader title="Settings">
          Site-wide settings. Each section asks for the settings password whenever it is opened.
        </SectionHeader>
        {children}
        <section aria-labelledby="sections-heading" className="flex flex-col gap-3">
          <h2 id="sections-heading" className="font-display text-2xl font-bold text-fg">
            Sections
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {SECTIONS.map(({ to, label, purpose, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex h-full min-h-16 items-start justify-between gap-3 rounded-2xl border border-line bg-surface p-4 text-fg no-underline shadow-sm hover:border-primary"
                >
                  <span className="flex items-start gap-3">
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <span className="flex flex-col">
                      <span className="font-semibold">{label}</span>
                      <span className="text-sm text-muted">{purpose}</span>
                    </span>
                  </span>
                  <ArrowRight aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="password-heading">
          <Card className="flex max-w-xl flex-col gap-4">
            <div>
              <h2 id="password-heading" className="font-display text-2xl font-bold text-fg">
                Settings password
              </h2>
              <p className="mt-1 text-sm text-muted">
                Changing it needs the current one. Everyone who opens these sections will need the new one.
              </p>
            </div>
            <SettingsPasswordForm requireCurrent submitLabel="Change settings password" />
          </Card>
        </section>
      </div>
    </SettingsGate>
  );
}
