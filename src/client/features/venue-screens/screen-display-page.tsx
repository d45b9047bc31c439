import { Maximize, WifiOff } from 'lucide-react';
import { type CSSProperties, type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BYE_LABELS } from '../../../contracts/byes';
import { OFFLINE_PAGE_MESSAGES } from '../../../contracts/offline-pages';
import {
  SCREEN_VIEW_LABELS,
  type ScreenDisplay,
  type ScreenTheme,
  VENUE_SCREEN_MESSAGES,
} from '../../../contracts/venue-screens';
import { formatPoints, formatResult } from '../../../domain/scoring/results';
import { driftAt, formatScreenCode, normalizeScreenCode, SCREEN_PATH } from '../../../domain/venue-screens';
import { QrCode } from '../../components/qr-code';
import { ApiRequestError } from '../../lib/api-client';
import { formatTime } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { useScreenBroadcasts, useScreenDisplay } from './queries';
import { columnsFor, pageItems, perPageOf, type Slide, slidesOf } from './screen-slides';

/**
 * Colours of the two themes. Dark is the default for a hall: not pure black and white (less glare, less wear on a
 * panel left on all day); every pair keeps WCAG AA contrast or better.
 */
const THEMES: Record<ScreenTheme, { bg: string; band: string; fg: string; muted: string; accent: string }> = {
  dark: { bg: '#0f1216', band: '#181c22', fg: '#e4e6ea', muted: '#a3acb6', accent: '#f2c14e' },
  light: { bg: '#f6f5f1', band: '#e9e7e0', fg: '#16191d', muted: '#4d545c', accent: '#7a4f00' },
};

function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const readViewport = () => ({ width: window.innerWidth, height: window.innerHeight });

function useViewport(): { width: number; height: number } {
  const [size, setSize] = useState(readViewport);
  useEffect(() => {
    const onResize = () => setSize(readViewport());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/**
 * `/screen/<code>` (issue 31, ADR 042): what one of the hall's TVs shows, full screen, without signing in. It only
 * reads: its one query follows the live stream, and it pages through its views on its own. `/screen` without a
 * code asks for one.
 */
export function ScreenDisplayPage() {
  const { code } = useParams();
  return code ? <ScreenDisplayView code={code} /> : <ScreenCodeForm />;
}

function ScreenCodeForm() {
  const navigate = useNavigate();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [isInvalid, setIsInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeScreenCode(typed);
    if (!code) {
      setIsInvalid(true);
      return;
    }
    navigate(`${SCREEN_PATH}/${formatScreenCode(code)}`);
  };
  const theme = THEMES.dark;
  return (
    <main
      className="fixed inset-0 flex items-center justify-center p-8"
      style={{ background: theme.bg, color: theme.fg }}
    >
      <form onSubmit={submit} className="flex w-full max-w-xl flex-col gap-4" noValidate>
        <h1 className="font-bold text-3xl">Venue screen</h1>
        <label htmlFor={id} className="text-lg">
          {VENUE_SCREEN_MESSAGES.codePrompt}
        </label>
        <input
          id={id}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setIsInvalid(false);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={isInvalid}
          aria-describedby={isInvalid ? `${id}-error` : undefined}
          className="rounded-lg border-2 px-4 py-3 font-mono text-2xl tracking-widest"
          style={{ background: theme.band, borderColor: theme.muted, color: theme.fg }}
          placeholder="ABCD-EFGH-JKMN"
        />
        {isInvalid ? (
          <p id={`${id}-error`} role="alert" style={{ color: theme.accent }}>
            {VENUE_SCREEN_MESSAGES.codeInvalid}
          </p>
        ) : null}
        <button
          type="submit"
          className="self-start rounded-lg px-6 py-3 font-semibold text-lg"
          style={{ background: theme.accent, color: theme.bg }}
        >
          Show
        </button>
      </form>
    </main>
  );
}

function ScreenDisplayView({ code }: { code: string }) {
  const display = useScreenDisplay(code);
  const isUnknown = display.error instanceof ApiRequestError && display.error.status === 404;
  const data = isUnknown ? undefined : display.data;
  const isOnline = useOnline();
  const wantsBroadcasts = data?.views.some((view) => view.kind === 'broadcast') ?? false;
  const broadcasts = useScreenBroadcasts(wantsBroadcasts).data?.broadcasts ?? [];
  const viewport = useViewport();
  const columns = columnsFor(viewport.width, viewport.height);
  const slides = data ? slidesOf(data.views, { columns, broadcasts: broadcasts.length }) : [];
  const [step, setStep] = useState(0);
  const pageMs = (data?.screen.pageSeconds ?? 12) * 1000;
  // A new pairing or a switch starts the screen from its first page.
  const startKey = `${data?.round?.number ?? 0}|${data?.views.map((view) => view.kind).join(',') ?? ''}`;
  const now = useNow(1000);

  // Each page stays `pageSeconds`; a key press restarts the wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pairing or a switch is the reason to start again
  useEffect(() => setStep(0), [startKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every step (a page turned, a key pressed) starts the wait again
  useEffect(() => {
    if (slides.length <= 1) return;
    const timer = setTimeout(() => setStep((current) => current + 1), pageMs);
    return () => clearTimeout(timer);
  }, [step, pageMs, slides.length]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (['ArrowRight', 'PageDown', ' '].includes(event.key)) setStep((current) => current + 1);
      else if (['ArrowLeft', 'PageUp'].includes(event.key)) setStep((current) => Math.max(0, current - 1));
      else if (event.key === 'f') void document.documentElement.requestFullscreen?.().catch(() => {});
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const theme = THEMES[data?.screen.theme ?? 'dark'];
  // One unit for every letter: a hundredth of the height on a landscape screen, less when the screen is upright, so
  // a line fits its width on a portrait TV or a phone as well.
  const frame = { background: theme.bg, color: theme.fg, '--u': 'min(1vh, 1.25vw)' } as CSSProperties;
  if (!data) {
    return (
      <main className="fixed inset-0 flex items-center justify-center p-[6vh]" style={frame}>
        <h1 className="max-w-[70vw] text-center text-[length:calc(var(--u)*4)]">
          {isUnknown ? VENUE_SCREEN_MESSAGES.unknownCode : display.isError ? 'Waiting for the server…' : ''}
        </h1>
      </main>
    );
  }
  const slide = slides.length > 0 ? slides[step % slides.length]! : null;
  const drift = driftAt(Math.floor(now.getTime() / 60_000));
  const isStale = !isOnline || display.isError;
  const updatedAt = new Date(display.dataUpdatedAt).toISOString();
  return (
    <main className="fixed inset-0 overflow-hidden" style={frame} data-theme={data.screen.theme}>
      <div
        className="flex h-full flex-col px-[2.5vw] py-[1.5vh] transition-transform duration-1000"
        style={{ transform: `translate(${drift.x}px, ${drift.y}px)` }}
      >
        <header className="flex h-[11vh] shrink-0 items-center justify-between gap-[2vw]">
          <div className="min-w-0">
            <p className="truncate text-[length:calc(var(--u)*2.4)]" style={{ color: theme.muted }}>
              {slide?.view.kind === 'leaderboard' || slide?.view.kind === 'school-standings'
                ? slide.view.heading
                : (data.tournamentName ?? VENUE_SCREEN_MESSAGES.noTournament)}
            </p>
            <h1 className="truncate font-bold text-[length:calc(var(--u)*4.6)] leading-tight">
              {slide ? titleOf(slide, data) : ''}
            </h1>
          </div>
          <div className="shrink-0 text-right">
            <p className="font-bold text-[length:calc(var(--u)*4.6)] tabular-nums leading-tight">
              {formatTime(now.toISOString())}
            </p>
            <p className="text-[length:calc(var(--u)*2.4)]" style={{ color: theme.muted }}>
              {roundLine(data)}
            </p>
          </div>
        </header>
        <div className="min-h-0 flex-1 py-[1vh]">
          {slide ? (
            <SlideBody
              slide={slide}
              data={data}
              theme={theme}
              columns={columns}
              broadcasts={broadcasts}
              now={now}
            />
          ) : null}
        </div>
        <footer className="flex h-[6vh] shrink-0 items-center justify-between gap-[2vw] text-[length:calc(var(--u)*2.4)]">
          <span className="whitespace-nowrap tabular-nums" data-testid="screen-page">
            {slide && slide.pages > 1 ? VENUE_SCREEN_MESSAGES.pageOf(slide.page + 1, slide.pages) : ''}
          </span>
          <span style={{ color: theme.muted }}>
            {VENUE_SCREEN_MESSAGES.findYourBoard}:{' '}
            <strong style={{ color: theme.fg }}>{shortAddress(data)}</strong>
          </span>
          <span className="inline-flex items-center gap-[0.6vw]" role="status">
            {isStale ? (
              <>
                <WifiOff
                  aria-hidden="true"
                  className="size-[calc(var(--u)*2.6)]"
                  style={{ color: theme.accent }}
                />
                Offline · {OFFLINE_PAGE_MESSAGES.lastUpdated(formatTime(updatedAt))}
              </>
            ) : (
              <FullScreenButton color={theme.muted} />
            )}
          </span>
        </footer>
      </div>
    </main>
  );
}

/** Shown only while the pointer moves (a TV with a mouse or remote), for the one click full screen needs. */
function FullScreenButton({ color }: { color: string }) {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMove = () => {
      setIsShown(true);
      clearTimeout(timer);
      timer = setTimeout(() => setIsShown(false), 3000);
    };
    window.addEventListener('pointermove', onMove);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', onMove);
    };
  }, []);
  if (!isShown || document.fullscreenElement) return null;
  return (
    <button
      type="button"
      onClick={() => void document.documentElement.requestFullscreen?.().catch(() => {})}
      className="inline-flex items-center gap-2 rounded px-3 py-1"
      style={{ color }}
    >
      <Maximize aria-hidden="true" className="size-[calc(var(--u)*2.4)]" /> Full screen
    </button>
  );
}

const shortAddress = (data: ScreenDisplay) => data.findAddress.replace(/^https?:\/\//, '');

function roundLine(data: ScreenDisplay): string {
  if (!data.round) return '';
  const round = `Round ${data.round.number} of ${data.totalRounds}`;
  if (data.round.status === 'upcoming' && data.round.startTime) {
    return `${round} · ${VENUE_SCREEN_MESSAGES.roundStarts(formatTime(data.round.startTime))}`;
  }
  return data.round.status === 'completed' ? `${round} · finished` : round;
}

function titleOf(slide: Slide, data: ScreenDisplay): string {
  const label = SCREEN_VIEW_LABELS[slide.view.kind].replace(/ \(.*\)$/, '');
  const view = slide.view;
  if (view.kind === 'pairings-by-name' || view.kind === 'pairings-by-board') {
    const round = data.round ? ` · Round ${data.round.number}` : '';
    const range =
      view.kind === 'pairings-by-name' && view.range
        ? ` · ${VENUE_SCREEN_MESSAGES.namesRange(view.range.from, view.range.to)}`
        : '';
    return `${label}${round}${range}`;
  }
  return label;
}

type Theme = (typeof THEMES)[ScreenTheme];

interface BodyProps {
  slide: Slide;
  data: ScreenDisplay;
  theme: Theme;
  columns: 1 | 2;
  broadcasts: readonly { id: number; message: string }[];
  now: Date;
}

function SlideBody({ slide, data, theme, columns, broadcasts, now }: BodyProps) {
  const { view } = slide;
  switch (view.kind) {
    case 'pairings-by-name':
      return view.lines.length === 0 ? (
        <Centered>{VENUE_SCREEN_MESSAGES.noPairings}</Centered>
      ) : (
        <Rows columns={columns} label="Pairings by name">
          {page(view.lines, slide, columns).map((line, index) => (
            <Row
              key={line.board === null ? `bye-${line.name}` : `${line.board}-${line.colour}`}
              theme={theme}
              stripe={index % 2 === 1}
            >
              <span className="min-w-0 flex-1 truncate font-semibold">{line.name}</span>
              {line.board === null ? (
                <span style={{ color: theme.muted }}>{line.bye ? BYE_LABELS[line.bye] : 'Bye'}</span>
              ) : (
                <>
                  <span className="w-[9ch] text-right font-bold tabular-nums" style={{ color: theme.accent }}>
                    Board {line.board}
                  </span>
                  <ColourMark colour={line.colour} theme={theme} />
                </>
              )}
            </Row>
          ))}
        </Rows>
      );
    case 'pairings-by-board':
      return view.boards.length === 0 ? (
        <Centered>{VENUE_SCREEN_MESSAGES.noPairings}</Centered>
      ) : (
        <Rows columns={1} label="Pairings by board">
          {page(view.boards, slide, columns).map((board, index) => (
            <Row key={board.board} theme={theme} stripe={index % 2 === 1}>
              <span className="w-[5ch] font-bold tabular-nums" style={{ color: theme.accent }}>
                {board.board}
              </span>
              <span className="min-w-0 flex-1 truncate">
                <span className="font-semibold">{board.white?.name ?? 'Bye'}</span>
              </span>
              <span className="w-[6ch] text-center tabular-nums" style={{ color: theme.muted }}>
                {board.result ? formatResult(board.result) : 'v'}
              </span>
              <span className="min-w-0 flex-1 truncate text-right">
                <span className="font-semibold">{board.black?.name ?? 'Bye'}</span>
              </span>
            </Row>
          ))}
        </Rows>
      );
    case 'leaderboard':
    case 'school-standings':
      if (!view.visible) return <Centered>{VENUE_SCREEN_MESSAGES.leaderboardHidden}</Centered>;
      return (
        <Rows columns={columns} label={SCREEN_VIEW_LABELS[view.kind]}>
          {page<{ rank: number; halfPoints: number; name?: string; team: string | null }>(
            view.rows,
            slide,
            columns,
          ).map((row, index) => (
            <Row key={`${row.rank}-${row.name ?? row.team}`} theme={theme} stripe={index % 2 === 1}>
              <span className="w-[4ch] text-right font-bold tabular-nums" style={{ color: theme.accent }}>
                {row.rank}
              </span>
              <span className="min-w-0 flex-1 truncate font-semibold">{row.name ?? row.team}</span>
              <span className="w-[5ch] text-right font-bold tabular-nums">
                {formatPoints(row.halfPoints)}
              </span>
            </Row>
          ))}
        </Rows>
      );
    case 'find-your-board':
      return (
        <div
          className={`flex h-full items-center justify-center gap-[5vw] ${columns === 2 ? 'flex-row' : 'flex-col text-center'}`}
        >
          <div className="rounded-[1vh] bg-white p-[1.5vh]">
            <QrCode
              value={data.findAddress}
              label={`QR code: ${shortAddress(data)}`}
              className="size-[calc(var(--u)*52)]"
            />
          </div>
          <div className={columns === 2 ? 'max-w-[40vw]' : ''}>
            <p className="font-bold text-[length:calc(var(--u)*6)] leading-tight">
              {VENUE_SCREEN_MESSAGES.findYourBoard}
            </p>
            <p className="mt-[3vh] text-[length:calc(var(--u)*4.4)]" style={{ color: theme.accent }}>
              {shortAddress(data)}
            </p>
          </div>
        </div>
      );
    case 'broadcast':
      return broadcasts.length === 0 ? (
        <Centered>{VENUE_SCREEN_MESSAGES.noBroadcast}</Centered>
      ) : (
        <div className="flex h-full flex-col items-center justify-center gap-[4vh] px-[4vw] text-center">
          {broadcasts.map((notice) => (
            <p key={notice.id} className="font-semibold text-[length:calc(var(--u)*6)] leading-snug">
              {notice.message}
            </p>
          ))}
        </div>
      );
    case 'prizes':
      return view.notice ? (
        <Centered>{view.notice}</Centered>
      ) : (
        <Rows columns={1} label="Prizes">
          {page(view.rows, slide, columns).map((row, index) => (
            <Row key={`${row.category}-${row.place}-${row.name}`} theme={theme} stripe={index % 2 === 1}>
              <span className="w-[30%] truncate" style={{ color: theme.muted }}>
                {row.category}
              </span>
              <span className="w-[5ch] font-bold tabular-nums" style={{ color: theme.accent }}>
                {row.place}
              </span>
              <span className="min-w-0 flex-1 truncate font-semibold">{row.name}</span>
              <span className="w-[12ch] text-right font-bold tabular-nums">{row.prize}</span>
            </Row>
          ))}
        </Rows>
      );
    case 'clock':
      return (
        <div className="flex h-full flex-col items-center justify-center gap-[2vh]">
          <p className="font-bold text-[length:calc(var(--u)*24)] tabular-nums leading-none">
            {formatTime(now.toISOString())}
          </p>
          <p className="text-[length:calc(var(--u)*5)]" style={{ color: theme.accent }}>
            {roundLine(data) || VENUE_SCREEN_MESSAGES.noTournament}
          </p>
        </div>
      );
  }
}

/** The items of the slide's page: its view's list cut into the screen's pages. */
function page<T>(items: readonly T[], slide: Slide, columns: 1 | 2): T[] {
  return pageItems(items, perPageOf(slide.view.kind, columns), slide.page).items;
}

function Rows({ columns, children, label }: { columns: 1 | 2; children: ReactNode; label: string }) {
  return (
    <ol
      aria-label={label}
      className={`grid h-full grid-flow-col grid-rows-[repeat(18,minmax(0,1fr))] gap-x-[3vw] ${columns === 2 ? 'grid-cols-2' : 'grid-cols-1'}`}
    >
      {children}
    </ol>
  );
}

function Row({ theme, stripe, children }: { theme: Theme; stripe: boolean; children: ReactNode }) {
  return (
    <li
      className="flex min-w-0 items-center gap-[1.2vw] rounded-[0.6vh] px-[1vw] text-[length:calc(var(--u)*3.2)] leading-none"
      style={stripe ? { background: theme.band } : undefined}
    >
      {children}
    </li>
  );
}

function ColourMark({ colour, theme }: { colour: 'white' | 'black' | null; theme: Theme }) {
  if (!colour) return null;
  return (
    <span className="inline-flex w-[8ch] items-center gap-[0.5vw]">
      <span
        aria-hidden="true"
        className="inline-block size-[calc(var(--u)*2.4)] rounded-sm border-2"
        style={{ background: colour === 'white' ? '#f4f4f4' : '#111', borderColor: theme.muted }}
      />
      {colour === 'white' ? 'White' : 'Black'}
    </span>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <p className="flex h-full items-center justify-center text-center text-[length:calc(var(--u)*4.4)]">
      {children}
    </p>
  );
}
