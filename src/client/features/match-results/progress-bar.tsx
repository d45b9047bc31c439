/** How many of a round's boards are finished, as a bar (the numbers are shown in text beside it). */
export function ProgressBar({ finished, total }: { finished: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((finished / total) * 100);
  return (
    <div aria-hidden="true" className="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted">
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
