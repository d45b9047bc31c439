import { use, useEffect, useMemo, useState } from 'react';
import { TakenOverLaterContext } from './take-over-when-seen';
import { cx } from './ui/cx';
import { Prose } from './ui/prose';

type Sanitise = (html: string) => string;
let sanitise: Sanitise | null = null;
let loading: Promise<Sanitise> | null = null;

/** DOMPurify and the allow-list, fetched the first time a page shows rich text: not first-load JavaScript. */
function loadSanitiser(): Promise<Sanitise> {
  loading ??= import('./rich-html-sanitiser').then((module) => {
    sanitise = module.sanitiseForDisplay;
    return sanitise;
  });
  return loading;
}

/** Loads the sanitiser now: a server-drawn page with rich text waits for it before hydrating (ADR 023). */
export function preloadRichText(): Promise<void> {
  return loadSanitiser().then(() => undefined);
}

/**
 * The server draws rich text with its own sanitiser (the same allow-list over jsdom, ADR 021): the browser's
 * module needs a DOM the server does not have.
 */
export function provideSanitiser(serverSanitiser: Sanitise): void {
  sanitise = serverSanitiser;
}

/**
 * Stored rich text, sanitised again in the browser with the same allow-list as the server (ADR 021) before it
 * reaches the page: HTML stored before a rule tightened, or written to the database by other means, cannot run.
 * Null until the sanitiser has loaded.
 */
function useSanitised(html: string): string | null {
  const [isReady, setIsReady] = useState(sanitise !== null);
  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    void loadSanitiser().then(() => {
      if (isCurrent) setIsReady(true);
    });
    return () => {
      isCurrent = false;
    };
  }, [isReady]);
  return useMemo(() => (isReady && sanitise ? sanitise(html) : null), [isReady, html]);
}

/** Renders sanitised rich text with the site's long-form styles (tables, images and alignment included). */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const clean = useSanitised(html);
  // Inside a part taken over later, the page's take-over needs no sanitiser (take-over-when-seen.tsx).
  const isTakenOverLater = use(TakenOverLaterContext);
  const classes = cx(
    'rich-text break-words [&_p:first-child]:mt-0 [&_p:last-child]:mb-0',
    '[&_table]:my-4 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse',
    '[&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border [&_th]:border-line [&_th]:bg-band/10 [&_th]:p-2 [&_th]:text-left',
    '[&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_h1]:font-display [&_h1]:text-3xl',
    '[&_h4]:font-semibold [&_u]:underline [&_em]:italic',
    className,
  );
  if (clean === null) return <Prose className={classes} aria-busy="true" />;
  return (
    <Prose
      data-rich-text={isTakenOverLater ? 'later' : ''}
      // The server's sanitiser (jsdom) and the browser's may write the same safe HTML differently (attribute
      // order, entities): React keeps the server's markup when it takes a drawn page over (ADR 023).
      suppressHydrationWarning
      className={classes}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above with the one allow-list (ADR 021).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
