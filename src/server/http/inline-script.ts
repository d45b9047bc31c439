import { createHash } from 'node:crypto';

/** The theme script's tag in the built index.html: it sets the stored theme before the first paint. */
export const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';

/** The CSP source that allows exactly this inline script (`script-src 'sha256-…'`). */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** The built HTML with the theme script's file reference replaced by the script itself. */
export function withThemeScriptInline(html: string, themeScript: string): string {
  return html.replace(THEME_SCRIPT_TAG, () => `<script>${themeScript}</script>`);
}
