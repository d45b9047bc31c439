import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { HomeResponse } from '../../../contracts/home';
import { Tabs } from '../../components/ui/tabs';
import { queryKeys } from '../../lib/query-keys';
import { HomePage } from '../home/home-page';
import { SiteHeader } from '../layout/site-header';

/** The widths the preview draws the home page at: a laptop and a small phone. */
export const PREVIEW_WIDTHS = { desktop: 1280, phone: 375 } as const;
type PreviewWidth = keyof typeof PREVIEW_WIDTHS;
const PREVIEW_HEIGHTS: Record<PreviewWidth, number> = { desktop: 1500, phone: 1300 };

/**
 * A query client that never fetches: it holds the draft home data (and the signed-in session, so the header
 * looks as it does for this user), and the real header and home page components read it as usual.
 */
function usePreviewClient(home: HomeResponse): QueryClient {
  const appClient = useQueryClient();
  const [client] = useState(() => {
    const preview = new QueryClient({
      defaultOptions: { queries: { enabled: false, retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    preview.setQueryData(queryKeys.session, appClient.getQueryData(queryKeys.session));
    preview.setQueryData(queryKeys.home, home);
    return preview;
  });
  useEffect(() => {
    client.setQueryData(queryKeys.home, home);
  }, [client, home]);
  return client;
}

/** Copies the page's stylesheets and theme classes into the frame, so the preview is drawn like the site. */
function prepareFrame(frame: Document): void {
  frame.head.replaceChildren(
    ...[...document.head.querySelectorAll('link[rel="stylesheet"], style')].map((node) =>
      node.cloneNode(true),
    ),
  );
  frame.documentElement.className = document.documentElement.className;
  frame.documentElement.lang = document.documentElement.lang;
  frame.body.className = document.body.className;
  // The preview is a picture: no link or button in it acts.
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  for (const type of ['click', 'submit', 'keydown']) frame.addEventListener(type, stop, true);
}

/**
 * The page at a real viewport width (an iframe, so the site's breakpoints apply), scaled down to the space
 * the preview has. The iframe is inert: it is a picture of the page, not a second page to tab through.
 */
function ScaledFrame({ width, home, label }: { width: PreviewWidth; home: HomeResponse; label: string }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [mount, setMount] = useState<HTMLElement | null>(null);
  const [scale, setScale] = useState(0.3);
  const client = usePreviewClient(home);
  const pageWidth = PREVIEW_WIDTHS[width];
  const pageHeight = PREVIEW_HEIGHTS[width];

  useLayoutEffect(() => {
    const frame = frameRef.current?.contentDocument;
    if (!frame) return;
    prepareFrame(frame);
    setMount(frame.body);
  }, []);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const fitWidth = () => setScale(Math.min(1, box.clientWidth / pageWidth));
    fitWidth();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fitWidth);
    observer.observe(box);
    return () => observer.disconnect();
  }, [pageWidth]);

  const shownWidth = Math.round(pageWidth * scale);
  return (
    <div ref={boxRef} className="flex w-full justify-center">
      <div
        className="overflow-hidden rounded-xl border border-line bg-bg shadow-sm"
        style={{ width: shownWidth, height: Math.round(pageHeight * scale) }}
      >
        <iframe
          ref={frameRef}
          title={label}
          inert
          tabIndex={-1}
          className="origin-top-left border-0"
          style={{ width: pageWidth, height: pageHeight, transform: `scale(${scale})` }}
        />
      </div>
      {mount
        ? createPortal(
            <QueryClientProvider client={client}>
              <div data-testid={`home-preview-${width}`}>
                <SiteHeader />
                <main>
                  <HomePage />
                </main>
              </div>
            </QueryClientProvider>,
            mount,
          )
        : null}
    </div>
  );
}

/** The home page as it will look with the draft settings, at desktop or phone width. */
export function HomePreview({ home }: { home: HomeResponse }) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  return (
    <section aria-labelledby="preview-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="preview-heading" className="font-display text-xl font-bold text-fg">
          Preview
        </h2>
        <p className="text-sm text-muted">
          The home page with the settings as they stand in the form, {PREVIEW_WIDTHS.desktop} px or{' '}
          {PREVIEW_WIDTHS.phone} px wide.
        </p>
      </div>
      <Tabs
        label="Preview width"
        tabs={[
          { key: 'desktop', label: 'Desktop' },
          { key: 'phone', label: 'Phone' },
        ]}
        selected={width}
        onSelect={setWidth}
      >
        <ScaledFrame
          key={width}
          width={width}
          home={home}
          label={`Home page preview at ${PREVIEW_WIDTHS[width]} px`}
        />
      </Tabs>
    </section>
  );
}
