// The server-drawn public pages (ADR 023) read without their code, so it loads after the first paint: the page's
// text reaches the screen without waiting for (or competing with) the scripts. The server inlines this file,
// allowed by its hash, and lists what to load in the JSON block #page-code.
requestAnimationFrame(() =>
  setTimeout(() => {
    const code = JSON.parse(document.getElementById('page-code').textContent);
    for (const href of code.preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = code.entry;
    document.head.append(script);
  }),
);
