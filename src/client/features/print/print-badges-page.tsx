import { useSearchParams } from 'react-router';
import { QrCode } from '../../components/qr-code';
import { PrintFrame, PrintMessage } from './print-frame';
import { chunk, playerLookupUrl } from './print-lists';
import { useRoster } from './queries';

/** Ten badges (about 90 × 52 mm) per A4 sheet: two columns of five. */
export const BADGES_PER_PAGE = 10;

/**
 * /print/badges: a name badge for every player with a QR code that opens their lookup page (board, colour
 * and opponent of the current round). `?name=` prints only the players whose name is exactly that.
 */
export function PrintBadgesPage() {
  const [params] = useSearchParams();
  const only = params.get('name');
  const { data, error, isPending } = useRoster();
  const players = (data?.players ?? []).filter((player) => only === null || player.name === only);
  const origin = window.location.origin;
  return (
    <PrintFrame
      isHeadingPrinted={false}
      title={only ? `Name badge: ${only}` : 'Name badges'}
      subtitle="Scan the code to see your board, colour and opponent."
      backTo={only ? `/player-lookup?name=${encodeURIComponent(only)}` : '/player-lookup'}
    >
      {isPending ? (
        <PrintMessage>Loading tournament data...</PrintMessage>
      ) : error ? (
        <PrintMessage>Could not load the players. Check the connection and reload.</PrintMessage>
      ) : players.length === 0 ? (
        <PrintMessage>No players to print.</PrintMessage>
      ) : (
        chunk(players, BADGES_PER_PAGE).map((page, index, pages) => (
          <div
            key={page[0]!.name}
            className={`grid gap-3 sm:grid-cols-2 print:grid-cols-2 print:gap-0 ${index < pages.length - 1 ? 'print-page-break mb-3 print:mb-0' : ''}`}
          >
            {page.map((player) => (
              <article
                key={`${player.name}-${player.groupName ?? ''}`}
                aria-label={`Badge of ${player.name}`}
                className="print-avoid-break flex h-[52mm] items-center gap-3 border border-dashed border-slate-500 p-3"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-xs">{data.tournamentName ?? ''}</p>
                  <p className="mt-1 text-xl leading-tight font-bold break-words">{player.name}</p>
                  <p className="mt-1 text-sm">{player.groupName ?? ''}</p>
                </div>
                <QrCode
                  value={playerLookupUrl(origin, player.name)}
                  label={`QR code: lookup page of ${player.name}`}
                  className="size-[34mm] shrink-0"
                />
              </article>
            ))}
          </div>
        ))
      )}
    </PrintFrame>
  );
}
