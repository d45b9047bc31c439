import { School } from 'lucide-react';
import { useState } from 'react';
import type { CheckinSchoolList } from '../../../contracts/checkin';
import type { KioskAction } from '../../../contracts/kiosk';
import { countOf } from '../../../domain/plural';
import { Button } from '../../components/ui/button';
import { useSchoolAction } from './queries';

/**
 * A school's pupils for whole-school check-in or sign-out (ADR 031): tick the absent (or staying) pupils, then
 * one action for the rest. Used by the kiosk after a school badge and by the desk.
 */
export function SchoolPanel({
  list,
  title,
  mode,
  onDone,
}: {
  list: CheckinSchoolList;
  title: string;
  mode: KioskAction;
  onDone: (next: { tone: 'success' | 'error'; title: string } | null) => void;
}) {
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const action = useSchoolAction();
  const isCheckIn = mode === 'check-in';
  const pending = list.players.filter((p) =>
    p.isWithdrawn
      ? false
      : isCheckIn
        ? p.checkedInAt === null
        : p.checkedInAt !== null && p.signedOutAt === null,
  );
  const count = pending.filter((p) => !ticked.has(p.id)).length;
  const confirm = () =>
    action.mutate(
      { schoolId: list.school.id, action: mode, absentPlayerIds: [...ticked], source: 'school' },
      {
        onSuccess: (answer) => onDone({ tone: 'success', title: answer.message }),
        onError: (error) => onDone({ tone: 'error', title: error.message }),
      },
    );
  return (
    <section
      aria-label={`Pupils of ${list.school.name}`}
      className="rounded-2xl border border-line bg-surface p-4"
    >
      <p className="flex items-center gap-2 text-xl font-bold text-fg">
        <School aria-hidden="true" className="size-6" /> {title}
      </p>
      <p className="mt-1 text-muted">
        {isCheckIn ? 'Tick the pupils who are absent.' : 'Tick the pupils who are staying.'}
      </p>
      <ul className="mt-3 max-h-[50vh] divide-y divide-line overflow-y-auto">
        {list.players.map((pupil) => {
          const isPending = pending.includes(pupil);
          return (
            <li key={pupil.id} className="flex min-h-14 items-center gap-3 py-2">
              <input
                id={`pupil-${pupil.id}`}
                type="checkbox"
                className="size-7"
                disabled={!isPending}
                checked={ticked.has(pupil.id)}
                onChange={(event) => {
                  const next = new Set(ticked);
                  if (event.target.checked) next.add(pupil.id);
                  else next.delete(pupil.id);
                  setTicked(next);
                }}
                aria-label={`${pupil.name} ${isCheckIn ? 'is absent' : 'is staying'}`}
              />
              <label htmlFor={`pupil-${pupil.id}`} className="flex-1 text-lg text-fg">
                {pupil.name} <span className="text-sm text-muted">{pupil.team ?? ''}</span>
              </label>
              {!isPending ? (
                <span className="text-sm text-muted">
                  {pupil.isWithdrawn
                    ? 'Withdrawn'
                    : pupil.signedOutAt
                      ? 'Signed out'
                      : pupil.checkedInAt
                        ? 'Checked in'
                        : 'Not checked in'}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button
          size="lg"
          className="min-h-14 flex-1 text-lg"
          onClick={confirm}
          disabled={action.isPending || count === 0}
        >
          {isCheckIn ? `Check in ${countOf(count, 'pupil')}` : `Sign out ${countOf(count, 'pupil')}`}
        </Button>
        <Button size="lg" variant="secondary" className="min-h-14 text-lg" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
