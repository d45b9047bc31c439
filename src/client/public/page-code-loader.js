// The server-drawn public pages (ADR 023) read without their code, so it loads after the first paint: the page's
// text reaches the screen without waiting for (or competing with) the scripts. The server inlines this file,
// allowed by its hash, and lists what to load in the JSON block #page-code.
requestAnimationFrame(() =>
  setTimeout(() => {
    const code = JSON.parse(document.getElementById('page-code').textContent);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = code.entry;
    // The app's code failed to download (a dropped connection): the page still reads, but nothing on it works.
    // Reload once, under the flag src/client/lib/chunk-load.ts keeps (CHUNK_RELOAD_FLAG) set to 'entry', so a
    // missing file cannot make the page reload in a loop.
    script.onerror = () => {
      try {
        if (sessionStorage.getItem('chunk-reload') === 'entry') return;
        sessionStorage.setItem('chunk-reload', 'entry');
        location.reload();
      } catch {
        // No session storage: stay on the drawn page.
      }
    };
    document.head.append(script);
    // The page's own chunks, fetched beside the entry so that none waits for another. Starting a request costs
    // a slow phone's main thread several milliseconds, so they are started a few per task: all at once, they made
    // one task of 140-190 ms at 4x slower processing (issue 37).
    const startPreloads = (from) => {
      for (const href of code.preload.slice(from, from + 4)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      if (from + 4 < code.preload.length) setTimeout(() => startPreloads(from + 4));
    };
    startPreloads(0);
  }),
);
