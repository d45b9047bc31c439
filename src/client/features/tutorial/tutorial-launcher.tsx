import { lazy, Suspense } from 'react';
import { isOfferedAdminTutorial } from '../../../domain/permissions';
import { useSession } from '../auth/queries';

// Only staff ever need the tutorial: its code loads for them, never with everyone's home page.
const AdminTutorial = lazy(async () => ({ default: (await import('./admin-tutorial')).AdminTutorial }));

/** On /home: starts the admin tutorial for staff who may open the admin area (it checks their progress). */
export function AdminTutorialLauncher() {
  const session = useSession();
  if (session.status !== 'signed-in' || !isOfferedAdminTutorial(session.access)) return null;
  return (
    <Suspense fallback={null}>
      <AdminTutorial access={session.access} />
    </Suspense>
  );
}
