import { useState } from 'react';
import { AdminPageHeading } from '../../components/admin-page-heading';
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
      <AdminPageHeading title="Tournament Management">
        Create tournaments, choose the one the public pages show, and publish announcements.
      </AdminPageHeading>
      <TournamentsPanel onCreate={() => setCreating({ templateId: null })} />
      <TemplatesPanel onUse={(templateId) => setCreating({ templateId })} />
      <AnnouncementsPanel />
      {creating ? (
        <CreateTournamentDialog initialTemplateId={creating.templateId} onClose={() => setCreating(null)} />
      ) : null}
    </div>
  );
}
