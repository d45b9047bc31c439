import { PageOutlet } from '../errors/page-outlet';

/**
 * The frame of the /print/* pages: no site header, navigation or footer (they are printed as they are),
 * just the lazily loaded page.
 */
export function PrintRoot() {
  return (
    <main id="main-content" className="print-root min-h-dvh bg-white text-black">
      <PageOutlet />
    </main>
  );
}
