import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, type ReactNode, Suspense, use, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { type Settleable, settleable } from '../lib/settleable';

/**
 * Parts of a server-drawn page the browser takes over (hydrates, ADR 023) only when they are about to be seen
 * or touched, not with the rest of the page (issue 37): below the fold on a phone, their take-over (their code,
 * the carousel's measuring, the rich-text sanitiser) would hold the main thread in the seconds when a visitor
 * taps for their board. Until then React keeps the server's markup as it is: it reads, and its links work.
 *
 * How: the part sits in a Suspense boundary whose child waits, while the server's markup of it is on the page, on
 * a promise kept per part (React leaves a boundary that waits during hydration as the server drew it, and takes
 * it over when the promise settles). The promise settles when the part comes within NEAR_PX of the screen, when
 * a pointer, key or focus reaches it, or when data already on the page is fetched again (`takeOverBeforeRefetch`:
 * new data must not reach a part React has not taken over, or React would draw it afresh). Rich text inside
 * waits for its sanitiser first, so the browser's draft equals the server's. Everywhere else (the server, a page
 * the browser draws itself) the part renders at once.
 */

/** A promise React's `use` reads at once when it is already settled (`status`), as its own thenables do. */
type Gate = Promise<void> & { status?: 'fulfilled'; open(): void };

const gates = new Map<string, Gate>();
/** How near the screen a part is taken over: a short scroll's worth ahead of the visitor. */
const NEAR_PX = 200;

/** Whether this part is inside one that is taken over later: its rich text then needs no sanitiser at once. */
export const TakenOverLaterContext = createContext(false);

const ATTRIBUTE = 'data-take-over-when-seen';
/** A selector for the parts taken over later. */
const TAKEN_OVER_LATER = `[${ATTRIBUTE}]`;

/** Called by main.tsx just before it takes over a server-drawn page: a part touched is taken over at once. */
export function listenForTouches(): void {
  const open = (event: Event) => {
    const part = event.target instanceof Element ? event.target.closest(TAKEN_OVER_LATER) : null;
    if (part) gateOf(part.getAttribute(ATTRIBUTE) ?? '').open();
  };
  // On the document, in the capture phase: before React's own listener on the root sees the event.
  for (const type of ['pointerdown', 'keydown', 'focusin'])
    document.addEventListener(type, open, { capture: true, passive: true });
}

/** Set once everything has been taken over: every part from then on renders at once. */
let isEverythingTakenOver = false;

/** Takes over every part still waiting (new data, or a new page, is on its way). */
function takeOverEverythingNow(): void {
  isEverythingTakenOver = true;
  for (const gate of gates.values()) gate.open();
}

/** Per part with drawn markup: settles once React has taken it over (its effects ran). */
const takenOver = new Map<string, Settleable>();
function takenOverOf(id: string): Settleable {
  let entry = takenOver.get(id);
  if (!entry) {
    entry = settleable();
    takenOver.set(id, entry);
  }
  return entry;
}

/**
 * What the live stream awaits before it fetches the queries under `keys` again (ADR 049): when one holds data the
 * page was drawn from (the queries holding data now, as the take-over starts), every part still waiting is taken
 * over first; other changes (a banner, the session) go ahead at once.
 */
export function takeOverBeforeChange(queryClient: QueryClient): (keys: readonly QueryKey[]) => Promise<void> {
  const drawnFrom = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data !== undefined)
    .map((query) => query.queryKey);
  return (keys) =>
    keys.some((key) => drawnFrom.some((drawn) => partialMatchKey(drawn, key)))
      ? takeOverEverything()
      : Promise.resolve();
}

/** How long new data waits at most for a part to be taken over (its code may never arrive offline). */
const TAKE_OVER_BEFORE_DATA_MS = 3_000;

/**
 * Takes over every part still waiting, and settles once each has been taken over (or after
 * TAKE_OVER_BEFORE_DATA_MS). Opening the gates when a fetch starts (`takeOverBeforeRefetch`) is not enough on its
 * own: a part's code may take longer to arrive than the answer, and React, finding other text than the server
 * drew, would draw the part afresh.
 */
function takeOverEverything(): Promise<void> {
  const waiting = [...gates.entries()].filter(([, gate]) => gate !== OPEN).map(([id]) => takenOverOf(id));
  takeOverEverythingNow();
  if (waiting.length === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    Promise.all(waiting.map((part) => part.promise)),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, TAKE_OVER_BEFORE_DATA_MS);
    }),
  ]).then(() => {
    clearTimeout(timer);
    // A part that never arrived (its page left, its code unreachable) is not waited for again.
    for (const part of waiting) part.settle();
  });
}

/**
 * The first navigation within the app takes over every part still waiting, in the render that starts it (the
 * layout renders before the parts): a part React has not taken over cannot follow the new page's render, and
 * React would hold the navigation until the part were seen. Called by the root layout.
 */
export function useTakeOverOnNavigation(): void {
  const { key } = useLocation();
  const [first] = useState(key);
  if (key !== first && !isEverythingTakenOver) takeOverEverythingNow();
}

/**
 * Whenever data the page already holds is fetched again (a live update, a reconnection, the tab shown again),
 * every part still waiting is taken over first: the answer takes a round trip, the take-over far less.
 */
export function takeOverBeforeRefetch(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch' && event.query.state.data !== undefined)
      takeOverEverythingNow();
  });
}

/** The gate of a part with no drawn markup on the page: open. */
const OPEN: Gate = Object.assign(Promise.resolve(), {
  status: 'fulfilled' as const,
  value: undefined,
  open() {},
});

function gateOf(id: string): Gate {
  const known = gates.get(id);
  if (known) return known;
  // Whether this part was drawn by the server is decided once, when it is first asked: a part the browser
  // draws itself has its markup on the page a moment later, and must not be taken for a drawn one then.
  const part = document.querySelector(`[${ATTRIBUTE}="${id.replace(/["\\]/g, '\\$&')}"]`);
  const boxes = part ? [...part.children] : [];
  if (!part || boxes.length === 0) {
    gates.set(id, OPEN);
    return OPEN;
  }
  const { promise, settle } = settleable();
  const gate = promise as Gate;
  let isOpening = false;
  const fulfil = () => {
    gate.status = 'fulfilled';
    Object.assign(gate, { value: undefined });
    settle();
  };
  gate.open = () => {
    if (isOpening) return;
    isOpening = true;
    if (part.querySelector('[data-rich-text]'))
      void import('./rich-html').then((module) => module.preloadRichText()).then(fulfil, fulfil);
    else fulfil();
  };
  gates.set(id, gate);
  // A drawn part first met after everything was taken over (its page's code was still arriving when the session
  // or new data did) opens at once, but its rich text still waits for the sanitiser: drawn without it, the
  // browser's draft would be empty where the server's has text, and React would throw the markup away (#418).
  if (typeof IntersectionObserver === 'undefined' || isEverythingTakenOver) {
    gate.open();
    return gate;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      gate.open();
    },
    { rootMargin: `${NEAR_PX}px 0px` },
  );
  for (const box of boxes) observer.observe(box);
  void gate.then(() => observer.disconnect());
  return gate;
}

/**
 * Waits while the server's markup of this part is on the page and not yet seen. React's ids differ between what
 * the server drew and what the browser draws itself, so a part the browser draws (another page, later) finds no
 * markup of its own and its gate is open at once.
 */
function WaitUntilSeen({ id, children }: { id: string; children: ReactNode }) {
  if (typeof document !== 'undefined') use(gateOf(id) as Promise<void>);
  // Runs once the part is taken over (its boundary committed): what waits on it may go on.
  useEffect(() => takenOverOf(id).settle(), [id]);
  return children;
}

/** A part of a server-drawn page taken over when it is about to be seen (see above). */
export function TakeOverWhenSeen({ children }: { children: ReactNode }) {
  const id = useId();
  // `contents`: the wrapper adds no box, so the part lays out as if it were not there.
  return (
    <div className="contents" {...{ [ATTRIBUTE]: id }}>
      <TakenOverLaterContext value={true}>
        <Suspense fallback={null}>
          <WaitUntilSeen id={id}>{children}</WaitUntilSeen>
        </Suspense>
      </TakenOverLaterContext>
    </div>
  );
}
