import { CirclePause, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import {
  SAFE_SWITCH_INFO,
  SAFE_SWITCHES,
  type SafeSwitch,
  siteStatusSchema,
} from '../../../contracts/safe-control';
import { Container } from '../../components/ui/container';
import { cx } from '../../components/ui/cx';
import { getJson } from '../../lib/api-client';

/*
 * What site-status.tsx loads with its first read, off the pages' first load: the contract's schema and texts,
 * and what shows them (one chunk: the refusals and the admin chips need the texts the read has just loaded).
 */

export const SITE_STATUS_URL = '/api/site-status';

/** GET /api/site-status, parsed with its contract. */
export function fetchSiteStatus(signal?: AbortSignal) {
  return getJson(SITE_STATUS_URL, siteStatusSchema, signal);
}

/** The refusal a paused action's request would get, shown where the action is (see `PausedNotice`). */
export function PausedRefusal({ name, className }: { name: SafeSwitch; className?: string | undefined }) {
  return (
    <p
      role="status"
      data-paused={name}
      className={cx(
        'flex items-start gap-2 rounded-xl bg-warn-bg p-3 text-sm font-medium text-warn',
        className,
      )}
    >
      <CirclePause aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {SAFE_SWITCH_INFO[name].refusal}
    </p>
  );
}

const chipClass =
  'inline-flex min-h-7 items-center gap-1.5 rounded-full bg-accent px-2.5 text-xs font-bold text-on-accent no-underline';

/**
 * The admin chrome's strip of safe-control switches that are on, one chip each, for every staff member. A
 * superadmin's chips lead to /admin/safe-control; for anyone else they are plain text.
 */
export function SafeControlChipList({ on, canManage }: { on: readonly SafeSwitch[]; canManage: boolean }) {
  const names = SAFE_SWITCHES.filter((name) => on.includes(name));
  if (names.length === 0) return null;
  return (
    <Container className="pb-2">
      <ul aria-label="Safe-control switches on" className="flex flex-wrap items-center gap-1.5">
        {names.map((name) => {
          const content = (
            <>
              <ShieldAlert aria-hidden="true" className="size-3.5" />
              {SAFE_SWITCH_INFO[name].headerLabel}
            </>
          );
          return (
            <li key={name}>
              {canManage ? (
                <Link to="/admin/safe-control" className={`${chipClass} hover:brightness-105`}>
                  {content}
                </Link>
              ) : (
                <span className={chipClass}>{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </Container>
  );
}
