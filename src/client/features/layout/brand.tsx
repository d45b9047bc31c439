import { ChessKnight } from 'lucide-react';
import { Link } from 'react-router';

export function Brand() {
  return (
    <Link to="/" className="group flex items-center gap-2.5 text-on-band no-underline">
      <span className="grid size-10 place-items-center rounded-xl bg-accent text-on-accent shadow-md shadow-black/30">
        <ChessKnight aria-hidden="true" className="size-6" />
      </span>
      <span className="flex flex-col leading-tight">
        <span className="font-display text-lg font-bold">Schools Chess</span>
        <span className="text-xs font-medium uppercase tracking-widest text-on-band-muted">Tournament</span>
      </span>
    </Link>
  );
}
