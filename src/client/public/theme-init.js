// Applies the stored theme before the first paint so dark-theme visitors never see a white flash.
// Kept as an external file because the Content-Security-Policy forbids inline scripts.
// Must agree with src/client/lib/theme.ts (key 'app-theme'; 'dark' → .dark, 'custom' → .theme-custom).
(() => {
  try {
    const theme = window.localStorage.getItem('app-theme');
    const root = document.documentElement;
    if (theme === 'dark') root.classList.add('dark');
    if (theme === 'custom') root.classList.add('theme-custom');
  } catch {
    // Storage blocked: the default light theme applies.
  }
})();
