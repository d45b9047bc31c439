import { cx } from './ui/cx';

const medals: Record<number, { label: string; className: string }> = {
  1: {
    label: 'Gold medal',
    className: 'bg-linear-to-br from-amber-300 to-amber-500 text-amber-950 ring-amber-600/40',
  },
  2: {
    label: 'Silver medal',
    className: 'bg-linear-to-br from-slate-200 to-slate-400 text-slate-900 ring-slate-500/40',
  },
  3: {
    label: 'Bronze medal',
    className: 'bg-linear-to-br from-orange-300 to-orange-500 text-orange-950 ring-orange-700/40',
  },
};

/** The rank number; ranks 1–3 as gold, silver and bronze medals, named for screen readers. */
export function RankMedal({ rank }: { rank: number }) {
  const medal = medals[rank];
  if (!medal) {
    return (
      <span className="inline-grid size-8 place-items-center text-sm font-semibold text-muted">{rank}</span>
    );
  }
  return (
    <span
      className={cx(
        'inline-grid size-8 place-items-center rounded-full text-sm font-bold ring-2 shadow-sm',
        medal.className,
      )}
    >
      <span aria-hidden="true">{rank}</span>
      <span className="sr-only">{`${rank}, ${medal.label}`}</span>
    </span>
  );
}
