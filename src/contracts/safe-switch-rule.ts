import type { SafeSwitch } from './safe-control';

/**
 * Which switch stops an action (null: none), the one rule the server's guard and the pages' greyed-out buttons
 * share: the read-only site stops every change; otherwise the action's own switch does when it is on. Kept out of
 * safe-control.ts so the pages' first load takes this without the contract's schemas.
 */
export function switchStoppingAction(
  isOn: (name: SafeSwitch) => boolean,
  action: SafeSwitch | undefined,
): SafeSwitch | null {
  if (isOn('read_only')) return 'read_only';
  return action !== undefined && isOn(action) ? action : null;
}
