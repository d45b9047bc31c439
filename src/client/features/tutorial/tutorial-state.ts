import { useSyncExternalStore } from 'react';

/**
 * Whether the admin tutorial is on screen, for the user menu and the admin navigation: while it runs they are
 * disabled, except at its last step (docs/requirements.md §2 Layout). A tiny store of its own, so the menu does not pull the
 * tutorial's code in.
 */
export type TutorialPhase = 'idle' | 'running' | 'final-step';

let phase: TutorialPhase = 'idle';
const listeners = new Set<() => void>();

export function setTutorialPhase(next: TutorialPhase): void {
  if (next === phase) return;
  phase = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isNavigationLocked(): boolean {
  return phase === 'running';
}

/** True while the tutorial runs and is not at its last step. */
export function useNavigationLocked(): boolean {
  return useSyncExternalStore(subscribe, isNavigationLocked, () => false);
}
