import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (ADR 033): loaded by a dynamic import after the page has loaded, so it adds
 * nothing to the first load. A new deploy's worker takes over by itself (skipWaiting, clientsClaim); the open
 * page keeps the code it runs and loads the new code on its next navigation.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await new Workbox('/sw.js').register();
}
