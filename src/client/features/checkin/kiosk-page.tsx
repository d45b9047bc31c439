import { Camera, CircleAlert, CircleCheck, LogOut, Nfc, ScanLine, UserCheck } from 'lucide-react';
import { type FormEvent, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CheckinSchoolList } from '../../../contracts/checkin';
import { KIOSK_MESSAGES, type KioskAction, type KioskScanResponse } from '../../../contracts/kiosk';
import type { PlayerRound } from '../../../contracts/player-lookup';
import { RESULT_REPORT_MESSAGES } from '../../../contracts/result-report-messages';
import { may } from '../../../domain/access-rules';
import { readBadgeScan } from '../../../domain/badges';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { Dialog, DialogSubmitActions } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { lazyNamed } from '../../lib/lazy-page';
import { isNfcSupported, scanNfc } from '../../lib/nfc';
import { useSession } from '../auth/queries';
import { REDIRECT_PARAM } from '../auth/redirect-path';
import { feedback, unlockKioskSound } from './kiosk-feedback';
import { sendKioskScan, unlockKiosk, useCheckinOpen } from './queries';

/** How long a result stays on screen before the camera reads again. */
const RESULT_MS = 4000;
/** The kiosk mode of this tab survives a reload: a pupil cannot leave it by pulling to refresh. */
const KIOSK_MODE_KEY = 'kiosk-mode';

/** The kiosk's offline outbox (ADR 032), loaded when kiosk mode starts, off the page's first load. */
let kioskOutbox: Promise<typeof import('./kiosk-outbox')> | null = null;
const loadKioskOutbox = () => (kioskOutbox ??= import('./kiosk-outbox'));
const KioskOutboxStatus = lazyNamed(loadKioskOutbox, 'KioskOutboxStatus');
// A school's list shows only after a teacher's badge: its code is fetched then, off the page's first load.
const SchoolPanel = lazyNamed(() => import('./school-panel'), 'SchoolPanel');
// The kiosk is outside the root layout: it keeps its own copy for a reload offline (ADR 032).
// Its code not cached (never signed in on this device) and no network: nothing to keep, nothing drawn.
const KeepForOffline = lazyNamed(
  () => import('../auth/offline-session').catch(() => ({ KeepForOffline: () => null })),
  'KeepForOffline',
);

type Result =
  | {
      tone: 'success' | 'error';
      title: string;
      /** A smaller line under the title. */
      detail?: string;
      scan?: Extract<KioskScanResponse, { kind: 'player' }>;
    }
  | { tone: 'school'; list: CheckinSchoolList; title: string };

const storedMode = (): KioskAction | null => {
  try {
    const value = sessionStorage.getItem(KIOSK_MODE_KEY);
    return value === 'check-in' || value === 'sign-out' ? value : null;
  } catch {
    return null;
  }
};

/**
 * /mss-nfc-access (ADR 031): the door kiosk. A member of staff with check-in desk access signs in and starts
 * kiosk mode; pupils then check themselves in with the badge's QR code (camera), an NFC tag (Android) or the
 * typed code (or a handheld scanner that types it). Leaving kiosk mode takes the staff member's password.
 */
export function KioskPage() {
  const session = useSession();
  const [mode, setMode] = useState<KioskAction | null>(storedMode);
  // A badge's link opened on a staff device (its camera app, an NFC tag): the token in the fragment is scanned
  // once the kiosk runs. The fragment is dropped from the address at once, so a reload does not scan it again.
  const [linkedScan, setLinkedScan] = useState(badgeLinkText);
  useEffect(() => {
    if (badgeLinkText() !== null) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  const start = (action: KioskAction) => {
    unlockKioskSound();
    sessionStorage.setItem(KIOSK_MODE_KEY, action);
    setMode(action);
    void document.documentElement.requestFullscreen?.().catch(() => {});
  };
  const exit = () => {
    sessionStorage.removeItem(KIOSK_MODE_KEY);
    setMode(null);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  };

  if (session.status === 'loading') return <KioskFrame title="Check-in kiosk" />;
  const isStaff = session.status === 'signed-in' && may(session.access, 'checkinDesk');
  return (
    <>
      <Suspense fallback={null}>
        <KeepForOffline />
      </Suspense>
      {!isStaff ? (
        <KioskFrame title="Check-in kiosk">
          <section className="mx-auto max-w-xl rounded-2xl border border-line bg-surface p-6 text-center">
            {linkedScan !== null ? (
              // A pupil's phone camera opened their badge's link: reporting a result is what they came for (ADR 040).
              <div className="mb-6 flex flex-col items-center gap-3 border-b border-line pb-6">
                <p className="text-lg font-semibold text-fg">{RESULT_REPORT_MESSAGES.fromBadgeLink}</p>
                <Link
                  to={`/report${linkedScan}`}
                  className="inline-flex min-h-14 items-center justify-center rounded-xl bg-accent px-6 text-lg font-semibold text-on-accent no-underline"
                >
                  Report my result
                </Link>
              </div>
            ) : null}
            <p className="text-lg text-fg">{KIOSK_MESSAGES.needsStaff}</p>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              <Link
                to={`/login?${REDIRECT_PARAM}=${encodeURIComponent('/mss-nfc-access')}`}
                className="inline-flex min-h-14 items-center justify-center rounded-xl bg-primary px-6 text-lg font-semibold text-on-primary no-underline"
              >
                Staff sign-in
              </Link>
              <Link
                to="/"
                className="inline-flex min-h-14 items-center justify-center px-6 text-lg text-link"
              >
                Back to the site
              </Link>
            </div>
          </section>
        </KioskFrame>
      ) : mode === null ? (
        <StartScreen onStart={start} hasLinkedScan={linkedScan !== null} />
      ) : (
        <KioskScreen
          mode={mode}
          onExit={exit}
          linkedScan={linkedScan}
          onLinkedScanUsed={() => setLinkedScan(null)}
        />
      )}
    </>
  );
}

/** The badge token in the page's fragment (`#t=…`, a badge's QR code or NFC link), or null. */
function badgeLinkText(): string | null {
  if (typeof window === 'undefined') return null;
  const hash = window.location.hash;
  return hash && readBadgeScan(hash) ? hash : null;
}

function KioskFrame({
  title,
  children,
  aside,
}: {
  title: string;
  children?: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <main id="main-content" className="min-h-dvh bg-bg px-4 py-4 text-fg sm:px-8">
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {aside}
      </header>
      {children}
    </main>
  );
}

function StartScreen({
  onStart,
  hasLinkedScan,
}: {
  onStart: (action: KioskAction) => void;
  hasLinkedScan: boolean;
}) {
  return (
    <KioskFrame title="Check-in kiosk">
      {hasLinkedScan ? (
        <p
          role="status"
          className="mx-auto mb-4 max-w-3xl rounded-2xl bg-surface-muted p-4 text-center text-lg"
        >
          {KIOSK_MESSAGES.badgeLinkOpened}
        </p>
      ) : null}
      <section className="mx-auto grid max-w-3xl gap-4 sm:grid-cols-2">
        <button
          type="button"
          onClick={() => onStart('check-in')}
          className="flex min-h-40 flex-col items-center justify-center gap-3 rounded-2xl bg-primary p-6 text-on-primary shadow-md"
        >
          <UserCheck aria-hidden="true" className="size-10" />
          <span className="text-2xl font-bold">Start check-in kiosk</span>
          <span>Pupils check themselves in on arrival</span>
        </button>
        <button
          type="button"
          onClick={() => onStart('sign-out')}
          className="flex min-h-40 flex-col items-center justify-center gap-3 rounded-2xl border border-line bg-surface p-6 text-fg shadow-sm"
        >
          <LogOut aria-hidden="true" className="size-10" />
          <span className="text-2xl font-bold">Start sign-out kiosk</span>
          <span>Pupils sign out at pick-up</span>
        </button>
      </section>
      <p className="mx-auto mt-6 max-w-3xl text-center text-muted">
        Kiosk mode fills the screen and hides the site's menus. Leaving it needs your password.{' '}
        <Link to="/admin/checkin-desk" className="text-link underline">
          Back to the check-in desk
        </Link>
      </p>
    </KioskFrame>
  );
}

/** No navigation away in kiosk mode: Back stays here and closing the tab asks first. */
function useKioskLock() {
  useEffect(() => {
    const stay = () => window.history.pushState(null, '', window.location.href);
    stay();
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('popstate', stay);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('popstate', stay);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
}

function KioskScreen({
  mode,
  onExit,
  linkedScan,
  onLinkedScanUsed,
}: {
  mode: KioskAction;
  onExit: () => void;
  /** A badge link's text to scan as soon as the kiosk runs. */
  linkedScan: string | null;
  onLinkedScanUsed: () => void;
}) {
  useKioskLock();
  const { isOpen, isKnown } = useCheckinOpen();
  const [result, setResult] = useState<Result | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isExitOpen, setExitOpen] = useState(false);
  const pausedUntil = useRef(0);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = useCallback((next: Result) => {
    setResult(next);
    feedback(next.tone !== 'error');
    pausedUntil.current = Date.now() + RESULT_MS;
    clearTimeout(clearTimer.current);
    // A school's list stays until it is confirmed or dismissed.
    if (next.tone !== 'school') clearTimer.current = setTimeout(() => setResult(null), RESULT_MS);
  }, []);

  const handleText = useCallback(
    async (text: string) => {
      const scan = readBadgeScan(text);
      if (!scan) {
        show({ tone: 'error', title: KIOSK_MESSAGES.unknownBadge });
        return;
      }
      setBusy(true);
      pausedUntil.current = Number.POSITIVE_INFINITY;
      const outbox = await loadKioskOutbox();
      const keep = async () => {
        await outbox.keepScan(scan, mode);
        show({
          tone: 'success',
          title: KIOSK_MESSAGES.savedOffline(mode),
          // The badge's kind is not in its token: a school badge is told apart only by the server.
          detail: KIOSK_MESSAGES.schoolBadgeNeedsConnection,
        });
      };
      try {
        if (outbox.mustKeepScan()) await keep();
        else {
          const answer = await sendKioskScan({ ...scan, action: mode });
          if (answer.kind === 'school') show({ tone: 'school', list: answer, title: answer.message });
          else show({ tone: 'success', title: answer.message, scan: answer });
        }
      } catch (error) {
        // No answer: the Wi-Fi dropped on the way. The scan is kept; the server takes it once (ADR 032).
        if (error instanceof ApiRequestError && error.status === 0) await keep();
        else
          show({
            tone: 'error',
            title: error instanceof ApiRequestError ? error.message : KIOSK_MESSAGES.unknownBadge,
          });
      } finally {
        setBusy(false);
      }
    },
    [mode, show],
  );

  useEffect(() => () => clearTimeout(clearTimer.current), []);
  const isLinkUsed = useRef(false);
  useEffect(() => {
    if (linkedScan === null || isLinkUsed.current) return;
    isLinkUsed.current = true;
    onLinkedScanUsed();
    void handleText(linkedScan);
  }, [linkedScan, onLinkedScanUsed, handleText]);
  // Scans kept offline are sent from here: when the connection comes back and whenever kiosk mode opens.
  useEffect(() => {
    void loadKioskOutbox().then((outbox) => outbox.registerKioskSender());
  }, []);
  const isPaused = useCallback(() => Date.now() < pausedUntil.current, []);

  return (
    <KioskFrame
      title={mode === 'check-in' ? 'Check in here' : 'Sign out here'}
      aside={
        <div className="flex items-center gap-3">
          {mode === 'check-in' && isKnown ? (
            <span
              className={cx(
                'rounded-full px-3 py-1 text-sm font-semibold',
                isOpen ? 'bg-win-bg text-win' : 'bg-loss-bg text-loss',
              )}
            >
              {isOpen ? 'Check-in open' : 'Check-in closed'}
            </span>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setExitOpen(true)}>
            Staff: exit kiosk
          </Button>
        </div>
      }
    >
      {mode === 'check-in' && isKnown && !isOpen ? (
        <p
          role="status"
          className="mb-4 rounded-2xl bg-loss-bg p-4 text-center text-xl font-semibold text-loss"
        >
          {KIOSK_MESSAGES.closed}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <CameraPanel onText={handleText} isPaused={isPaused} />
          <CodeForm
            onSubmit={handleText}
            isBusy={isBusy}
            mode={mode}
            isDialogOpen={isExitOpen || result?.tone === 'school'}
          />
          {isNfcSupported() ? <NfcButton onText={handleText} /> : null}
          <Suspense fallback={null}>
            <KioskOutboxStatus />
          </Suspense>
        </div>
        {/* On a phone the answer comes first, where the pupil is looking. */}
        <div className="order-first min-w-0 lg:order-none">
          <ResultPanel result={result} mode={mode} onDone={(next) => (next ? show(next) : setResult(null))} />
        </div>
      </div>
      <ExitDialog isOpen={isExitOpen} onClose={() => setExitOpen(false)} onExit={onExit} />
    </KioskFrame>
  );
}

function CameraPanel({ onText, isPaused }: { onText: (text: string) => void; isPaused: () => boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'on' | 'off'>('starting');
  const onTextRef = useRef(onText);
  onTextRef.current = onText;
  useEffect(() => {
    let scanner: { stop(): void } | undefined;
    let isCancelled = false;
    if (!navigator.mediaDevices?.getUserMedia || !video.current) {
      setState('off');
      return;
    }
    // The decoder is its own chunk: only the kiosk downloads it.
    import('./kiosk-scanner')
      .then(({ startCameraScanner }) =>
        startCameraScanner(video.current!, (text) => onTextRef.current(text), isPaused),
      )
      .then((started) => {
        if (isCancelled) started.stop();
        else {
          scanner = started;
          setState('on');
        }
      })
      .catch(() => {
        if (!isCancelled) setState('off');
      });
    return () => {
      isCancelled = true;
      scanner?.stop();
    };
  }, [isPaused]);
  return (
    <section aria-label="Camera" className="relative overflow-hidden rounded-2xl bg-black">
      <video
        ref={video}
        muted
        playsInline
        className={cx('aspect-[4/3] w-full object-cover', state !== 'on' && 'opacity-0')}
        aria-label="Camera view: hold your badge's QR code up to the camera"
      />
      <div className="pointer-events-none absolute inset-0 grid place-items-center">
        {state === 'on' ? (
          <ScanLine aria-hidden="true" className="size-24 text-white/70" />
        ) : (
          <p className="flex max-w-xs flex-col items-center gap-2 text-center text-white">
            <Camera aria-hidden="true" className="size-10" />
            {state === 'starting' ? 'Starting the camera…' : KIOSK_MESSAGES.cameraUnavailable}
          </p>
        )}
      </div>
      {state === 'on' ? (
        <p className="absolute inset-x-0 bottom-0 bg-black/60 p-2 text-center text-lg text-white">
          Hold your badge's QR code up to the camera
        </p>
      ) : null}
    </section>
  );
}

function CodeForm({
  onSubmit,
  isBusy,
  mode,
  isDialogOpen,
}: {
  onSubmit: (text: string) => Promise<void>;
  isBusy: boolean;
  mode: KioskAction;
  isDialogOpen: boolean;
}) {
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // A handheld scanner types into whatever has focus: keep it here unless a dialog is open.
  useEffect(() => {
    if (isDialogOpen) return;
    const refocus = () => {
      if (document.activeElement === document.body) input.current?.focus();
    };
    refocus();
    const timer = setInterval(refocus, 1000);
    return () => clearInterval(timer);
  }, [isDialogOpen]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = code.trim();
    if (!text || isBusy) return;
    setCode('');
    void onSubmit(text);
  };
  return (
    <form onSubmit={submit} className="rounded-2xl border border-line bg-surface p-4">
      <label htmlFor={id} className="text-lg font-semibold text-fg">
        Or type the code on your badge
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          ref={input}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD-1234"
          className="min-h-14 min-w-0 flex-1 rounded-xl border border-line bg-bg px-4 font-mono text-2xl tracking-widest text-fg uppercase"
        />
        <Button type="submit" size="lg" className="min-h-14 text-lg" disabled={isBusy}>
          {mode === 'check-in' ? 'Check in' : 'Sign out'}
        </Button>
      </div>
    </form>
  );
}

function NfcButton({ onText }: { onText: (text: string) => void }) {
  const [isOn, setOn] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const start = () => {
    controller.current = new AbortController();
    scanNfc(onText, controller.current.signal)
      .then(() => setOn(true))
      .catch(() => setOn(false));
  };
  return isOn ? (
    <p className="flex items-center gap-2 rounded-2xl bg-surface p-4 text-lg">
      <Nfc aria-hidden="true" className="size-6" /> {KIOSK_MESSAGES.nfcReady}
    </p>
  ) : (
    <Button size="lg" variant="secondary" className="min-h-14 text-lg" onClick={start}>
      <Nfc aria-hidden="true" className="size-6" /> Use NFC badges
    </Button>
  );
}

function pairingText(pairing: PlayerRound | null): string {
  if (!pairing) return KIOSK_MESSAGES.notPairedYet;
  if (pairing.bye || pairing.board === null) return KIOSK_MESSAGES.bye;
  const opponent = pairing.opponent
    ? `${pairing.opponent.name}${pairing.opponent.groupName ? ` (${pairing.opponent.groupName})` : ''}`
    : 'to be announced';
  return `Round ${pairing.roundNumber}: board ${pairing.board}, ${pairing.colour ?? ''} against ${opponent}`;
}

function ResultPanel({
  result,
  mode,
  onDone,
}: {
  result: Result | null;
  mode: KioskAction;
  onDone: (next: Result | null) => void;
}) {
  if (!result) {
    return (
      <section
        aria-live="polite"
        className="grid min-h-24 place-items-center rounded-2xl border-2 border-dashed lg:min-h-64 border-line p-6 text-center text-xl text-muted"
      >
        {mode === 'check-in' ? 'Scan your badge to check in.' : 'Scan your badge to sign out.'}
      </section>
    );
  }
  if (result.tone === 'school')
    return (
      <Suspense fallback={null}>
        <SchoolPanel list={result.list} title={result.title} mode={mode} onDone={onDone} />
      </Suspense>
    );
  const isSuccess = result.tone === 'success';
  const pairing = result.scan && mode === 'check-in' ? result.scan.pairing : undefined;
  return (
    <section
      role={isSuccess ? 'status' : 'alert'}
      aria-label="Result"
      className={cx(
        'flex min-h-64 flex-col items-center justify-center gap-4 rounded-2xl p-6 text-center',
        isSuccess ? 'bg-win-bg text-win' : 'bg-loss-bg text-loss',
      )}
    >
      {isSuccess ? (
        <CircleCheck aria-hidden="true" className="size-16" />
      ) : (
        <CircleAlert aria-hidden="true" className="size-16" />
      )}
      <p className="text-3xl font-bold">{result.title}</p>
      {result.detail ? <p className="text-lg text-fg">{result.detail}</p> : null}
      {pairing !== undefined ? (
        <p className="text-2xl font-semibold text-fg" data-testid="kiosk-pairing">
          {pairingText(pairing)}
        </p>
      ) : null}
    </section>
  );
}

function ExitDialog({
  isOpen,
  onClose,
  onExit,
}: {
  isOpen: boolean;
  onClose: () => void;
  onExit: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await unlockKiosk(password);
      setPassword('');
      onClose();
      onExit();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : KIOSK_MESSAGES.wrongPassword);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Exit kiosk mode"
      description="Staff only: enter your password."
    >
      <form onSubmit={submit}>
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error ?? undefined}
        />
        <DialogSubmitActions onCancel={onClose} isPending={isPending} pendingLabel="Checking…" icon={LogOut}>
          Exit kiosk
        </DialogSubmitActions>
      </form>
    </Dialog>
  );
}
