import { useQuery } from '@tanstack/react-query';
import { Lock, LockOpen } from 'lucide-react';
import { Link } from 'react-router';
import { SETTINGS_MESSAGES } from '../../../contracts/settings-registry';
import { type AccessName, may } from '../../../domain/access-rules';
import { Card } from '../../components/ui/card';
import { cx } from '../../components/ui/cx';
import { SwitchField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { notify, notifyFailure } from '../../lib/notify';
import { useSession } from '../auth/queries';
import { CheckinHeading, checkinLinkClass } from './checkin-parts';
import { checkinStateQuery, useSetCheckinOpen } from './queries';

/**
 * /admin/checkin-settings (access_checkin_settings): open or close check-in. Every desk hears of the change
 * at once; while closed, the desks cannot check anyone in or out.
 */
export function CheckinSettingsPage() {
  const session = useSession();
  const state = useQuery(checkinStateQuery);
  const setOpen = useSetCheckinOpen();
  // docs/requirements.md §4: closed when the setting is missing or fails to load.
  const isOpen = state.data?.open === true;
  const mayOpen = (name: AccessName) => session.status === 'signed-in' && may(session.access, name);

  const toggle = (open: boolean) =>
    setOpen.mutate(open, {
      onSuccess: ({ message }) => notify('success', message),
      onError: (error) => notifyFailure(error, SETTINGS_MESSAGES.updateFailed),
    });

  return (
    <div className="flex flex-col gap-6">
      <CheckinHeading
        title="Check-in Settings"
        description="Open check-in when the doors open; close it when the list for pairing is final."
        isOpen={isOpen}
      />
      {state.isPending ? (
        <Spinner />
      ) : (
        <Card className="flex flex-col gap-5">
          <div className="flex items-center gap-4">
            <span
              className={cx(
                'grid size-14 shrink-0 place-items-center rounded-full',
                isOpen ? 'bg-win-bg text-win' : 'bg-loss-bg text-loss',
              )}
            >
              {isOpen ? (
                <LockOpen aria-hidden="true" className="size-7" />
              ) : (
                <Lock aria-hidden="true" className="size-7" />
              )}
            </span>
            <div>
              <p role="status" className="font-display text-2xl font-bold text-fg">
                {isOpen ? 'Check-in is open' : 'Check-in is closed'}
              </p>
              <p className="text-sm text-muted">
                {isOpen
                  ? 'The desks can check players in and undo check-ins.'
                  : 'The desks can search and correct names, but cannot check anyone in or out.'}
              </p>
            </div>
          </div>
          {state.error ? (
            <p role="alert" className="text-sm font-medium text-loss">
              {SETTINGS_MESSAGES.loadFailed}: {errorMessage(state.error, 'please try again')}. Until it loads,
              check-in counts as closed.
            </p>
          ) : null}
          <SwitchField
            label="Check-in open"
            description="Players checked in before you close it stay checked in. Once anyone is checked in, only checked-in players are paired."
            checked={isOpen}
            disabled={setOpen.isPending}
            onChange={(event) => toggle(event.target.checked)}
            className="rounded-xl border border-line p-4 [&_input]:mx-1.5 [&_input]:scale-125"
          />
          {mayOpen('checkinDesk') || mayOpen('checkinOverview') ? (
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {mayOpen('checkinDesk') ? (
                <Link className={checkinLinkClass} to="/admin/checkin-desk">
                  Check-in desk
                </Link>
              ) : null}
              {mayOpen('checkinOverview') ? (
                <Link className={checkinLinkClass} to="/admin/checkin-overview">
                  Check-in overview
                </Link>
              ) : null}
            </p>
          ) : null}
        </Card>
      )}
    </div>
  );
}
