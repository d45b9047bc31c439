import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatCountdown, timeUntil } from './countdown';

/** docs/requirements.md §3 show_countdown_timer: time left until the tournament starts; gone once it has started. */
export function CountdownBanner({ startsAt }: { startsAt: Date }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeUntil(startsAt, now);
  if (!left) return null;
  return (
    // The server drew it with its own clock: the browser's first draft may differ by a minute, and corrects it.
    <p
      suppressHydrationWarning
      className="mt-6 inline-flex items-center gap-2 rounded-xl bg-black/25 px-4 py-2 font-medium"
    >
      <Timer aria-hidden="true" className="size-5 text-highlight" />
      Starts in {formatCountdown(left)}
    </p>
  );
}
