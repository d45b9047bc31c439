import type { ReactNode } from 'react';

export const tableClass = 'w-full text-left text-sm';
export const headClass = 'bg-surface-muted text-xs uppercase tracking-wide text-muted';
export const cellClass = 'px-3 py-3 align-middle sm:px-4';

export function TableFrame({ children }: { children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">{children}</div>
  );
}
