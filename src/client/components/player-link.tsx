import { Link } from 'react-router';
import type { PublicPlayer } from '../../contracts/tournament';
import { playerLookupHref } from '../lib/format';

/** A player's name linking to their lookup page; 'Unknown' when the pairing has no player. */
export function PlayerLink({ player, className }: { player: PublicPlayer | null; className?: string }) {
  if (!player) return <span className="text-muted italic">Unknown</span>;
  return (
    <Link
      to={playerLookupHref(player.name)}
      className={`font-medium text-fg hover:text-link hover:underline ${className ?? ''}`}
    >
      {player.name}
    </Link>
  );
}
