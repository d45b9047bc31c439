import { type ComponentType, lazy, type ReactElement } from 'react';
import { loadChunk } from './chunk-load';
import { PageTakenOver } from './when-taken-over';

/** Code loads started and not finished: the server draws again once they are in (entry-server.tsx, ADR 023). */
const inFlight = new Set<Promise<void>>();

export function pendingLoads(): Promise<void>[] {
  return [...inFlight];
}

/** A component whose code loads on demand, and can be loaded ahead. */
export type LazyComponent<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * React.lazy for a named export, which draws at once, without suspending, once its code is in. That matters
 * twice for a server-drawn page (ADR 023): the server draws again once the code has loaded and gets the whole
 * page, with no Suspense boundary left to finish by inline script; and the browser, having loaded the page's
 * code before hydrating, takes over the drawn page without a spinner in between.
 */
export function lazyNamed<
  M,
  K extends keyof M,
  P extends object = M[K] extends ComponentType<infer Q> ? Q & object : never,
>(load: () => Promise<M>, name: K): LazyComponent<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    if (!loading) {
      // A chunk that fails to download is tried again, then the page reloaded once (lib/chunk-load.ts).
      const started = loadChunk(load, String(name)).then((module) => {
        Loaded = module[name] as ComponentType<P>;
      });
      loading = started;
      inFlight.add(started);
      // A failed load is tried again by the next caller (the page's error boundary offers a retry).
      started.then(
        () => inFlight.delete(started),
        () => {
          inFlight.delete(started);
          loading = undefined;
        },
      );
    }
    return loading;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType<P> };
  });
  function Component(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Component, { preload });
}

/** A page loaded on demand, which can also be loaded ahead (a server-drawn page before hydration, ADR 023). */
export interface LazyPage {
  element: ReactElement;
  preload(): Promise<void>;
}

/**
 * Every page is its own chunk, shown under the 'Loading...' spinner while it loads.
 * Declarative routes (not a data router) keep about 18 kB gzipped of router code off the first load.
 */
export function lazyPage<M, K extends keyof M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  name: K,
  props?: P,
): ReactElement {
  const Page = lazyNamed<M, K, P>(load, name);
  return <Page {...(props as P)} />;
}

/**
 * A page the server draws (the public pages, ADR 023; the CRM's two, ADR 037): its code can be loaded before the
 * browser takes the drawn page over, and PageTakenOver beside it says when React has taken it over, inside
 * whichever Suspense boundary holds it (the page outlet's, or a layout's of its own), so that the live stream
 * waits for it (lib/when-taken-over.ts).
 */
export function preloadablePage<M, K extends keyof M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  name: K,
  props?: P,
): LazyPage {
  const Page = lazyNamed<M, K, P>(load, name);
  return {
    element: (
      <>
        <Page {...(props as P)} />
        <PageTakenOver />
      </>
    ),
    preload: Page.preload,
  };
}
