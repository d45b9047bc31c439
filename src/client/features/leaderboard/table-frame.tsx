import type { ReactNode } from 'react';

export const tableClass = 'w-full text-left text-sm';
export const headClass = 'bg-surface-muted text-xs uppercase tracking-wide text-muted';
export const cellClass = 'px-3 py-3 align-middle sm:px-4';

/** A rounded frame that scrolls sideways when a wide table does not fit (phones). */
export function TableFrame({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm"
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
