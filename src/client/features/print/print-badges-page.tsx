import { useSearchParams } from 'react-router';
import { badgeUrl, formatBadgeCode } from '../../../domain/badges';
import { QrCode } from '../../components/qr-code';
import { PrintFrame, PrintMessage } from './print-frame';
import { chunk, playerLookupUrl } from './print-lists';
import { useCheckinBadges, useRoster } from './queries';

interface PrintedBadge {
  name: string;
  groupName: string | null;
  /** The QR code's text: the lookup page, or the kiosk URL with the badge's token. */
  qr: string;
  qrLabel: string;
  /** The short code to type at the kiosk (check-in badges only). */
  code: string | null;
}

/** Ten badges (about 90 × 52 mm) per A4 sheet: two columns of five. */
export const BADGES_PER_PAGE = 10;

/**
 * /print/badges: a name badge for every player with a QR code that opens their lookup page (board, colour
 * and opponent of the current round). `?name=` prints only the players whose name is exactly that.
 */
export function PrintBadgesPage() {
  const [params] = useSearchParams();
  const only = params.get('name');
  const isCheckin = params.get('checkin') === '1';
  const roster = useRoster();
  const checkin = useCheckinBadges(isCheckin);
  const { error, isPending } = isCheckin ? checkin : roster;
  const origin = window.location.origin;
  const data = {
    tournamentName: isCheckin
      ? (checkin.data?.tournament?.name ?? null)
      : (roster.data?.tournamentName ?? null),
  };
  const all: PrintedBadge[] = isCheckin
    ? [...(checkin.data?.players ?? []), ...(checkin.data?.schools ?? [])].flatMap((holder) =>
        holder.badge
          ? [
              {
                name: holder.name,
                groupName: holder.kind === 'school' ? 'School badge' : holder.team,
                qr: badgeUrl(origin, holder.badge.token),
                qrLabel: `QR code: check-in badge of ${holder.name}`,
                code: formatBadgeCode(holder.badge.code),
              },
            ]
          : [],
      )
    : (roster.data?.players ?? []).map((player) => ({
        name: player.name,
        groupName: player.groupName,
        qr: playerLookupUrl(origin, player.name),
        qrLabel: `QR code: lookup page of ${player.name}`,
        code: null,
      }));
  const players = all.filter((player) => only === null || player.name === only);
  return (
    <PrintFrame
      isHeadingPrinted={false}
      title={only ? `Name badge: ${only}` : 'Name badges'}
      subtitle={
        isCheckin
          ? 'Scan the code at the check-in kiosk, or type the code printed under your name.'
          : 'Scan the code to see your board, colour and opponent.'
      }
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
                  {player.code ? (
                    <p className="mt-2 font-mono text-lg font-bold tracking-widest">
                      <span className="sr-only">Code </span>
                      {player.code}
                    </p>
                  ) : null}
                </div>
                <QrCode value={player.qr} label={player.qrLabel} className="size-[34mm] shrink-0" />
              </article>
            ))}
          </div>
        ))
      )}
    </PrintFrame>
  );
}
