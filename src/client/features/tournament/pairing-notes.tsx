import { Info } from 'lucide-react';

/**
 * The pairing engine's public notes for a round ("Schoolmates paired on board 12: no pairing avoided it"):
 * where a pairing rule had to give way, said once so nobody suspects a mistake.
 */
export function PairingNotes({ roundNumber, notes }: { roundNumber: number; notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <aside
      aria-label={`Pairing notes for round ${roundNumber}`}
      className="mb-6 flex gap-3 rounded-2xl border border-line bg-surface-muted p-4 text-sm text-fg"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-text" />
      <div>
        <p className="font-semibold">{`Pairing notes, round ${roundNumber}`}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
