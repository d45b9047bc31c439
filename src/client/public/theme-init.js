// Applies the stored theme before the first paint so dark-theme visitors never see a white flash, and marks a
// stored cookie choice so a server-drawn page's cookie banner is hidden before it is painted (the banner itself,
// src/client/features/layout/cookie-banner.tsx, decides whether the choice is still valid).
// An external file for the browser-drawn pages (the CSP allows no inline script); the server-drawn public
// pages inline it, allowed by its hash (ADR 023).
// Must agree with src/client/lib/theme.ts (key 'app-theme'; 'dark' → .dark, 'custom' → .theme-custom) and
// src/client/lib/cookie-consent.ts (key 'cookie-consent').
(() => {
  try {
    const theme = window.localStorage.getItem('app-theme');
    const root = document.documentElement;
    if (theme === 'dark') root.classList.add('dark');
    if (theme === 'custom') root.classList.add('theme-custom');
    if (window.localStorage.getItem('cookie-consent')) root.dataset.cookieChoice = 'stored';
  } catch {
    // Storage blocked: the default light theme applies.
  }
})();
