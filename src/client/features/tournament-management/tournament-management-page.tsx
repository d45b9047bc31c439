import { useState } from 'react';
import { AnnouncementsPanel } from './announcements-panel';
import { TemplatesPanel } from './templates-panel';
import { CreateTournamentDialog } from './tournament-dialogs';
import { TournamentsPanel } from './tournaments-panel';

/** The create dialog: closed, open, or open with a template loaded. */
type Creating = { templateId: string | null } | null;

/** /admin/tournament-management (view_tournament_management): tournaments, templates, announcements. */
export function TournamentManagementPage() {
  const [creating, setCreating] = useState<Creating>(null);
  return (
    <div className="flex flex-col gap-10">
      <div>
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">Admin Area</p>
        <h1 className="mt-1 font-display text-3xl font-bold text-fg sm:text-4xl">Tournament Management</h1>
        <p className="mt-2 text-muted">
          Create tournaments, choose the one the public pages show, and publish announcements.
        </p>
      </div>
      <TournamentsPanel onCreate={() => setCreating({ templateId: null })} />
      <TemplatesPanel onUse={(templateId) => setCreating({ templateId })} />
      <AnnouncementsPanel />
      {creating ? (
        <CreateTournamentDialog initialTemplateId={creating.templateId} onClose={() => setCreating(null)} />
      ) : null}
    </div>
  );
}
