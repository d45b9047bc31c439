import { lazy, Suspense, useEffect, useState } from 'react';
import type { FollowControlsProps } from './follow-controls';

const FollowControls = lazy(async () => ({ default: (await import('./follow-controls')).FollowControls }));

/**
 * "Follow" and "By e-mail" for a player or a school (issue 33, ADR 045). Its code loads once the card it sits on
 * is on screen and taken over, so the lookup and the dashboard keep their first-load size and a server-drawn card
 * is never left waiting for it (nothing shows in its place meanwhile).
 */
export function FollowButton({ target, name, compact = false }: FollowControlsProps) {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <FollowControls target={target} name={name} compact={compact} />
    </Suspense>
  );
}
