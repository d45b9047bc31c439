// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichHtml } from './rich-html';
import { TakeOverWhenSeen } from './take-over-when-seen';

afterEach(cleanup);

/** A part below the fold as the home page has them: a button, and rich text (from the modules given). */
function partWithRichText(
  onClick: () => void,
  Part: typeof TakeOverWhenSeen = TakeOverWhenSeen,
  Rich: typeof RichHtml = RichHtml,
) {
  return (
    <Part>
      <button type="button" onClick={onClick}>
        Next slide
      </button>
      <Rich html="<p>Lunch at noon</p>" />
    </Part>
  );
}

/** The drawn button answers (the part was taken over) and the drawn markup was kept, text and all. */
async function expectDrawnMarkupTakenOver(container: HTMLElement, clicks: () => number) {
  const drawn = container.querySelector('button');
  await vi.waitFor(async () => {
    await act(async () => drawn?.click());
    expect(clicks()).toBeGreaterThan(0);
  });
  expect(container.querySelector('button')).toBe(drawn);
  expect(container.querySelector('p')?.textContent).toBe('Lunch at noon');
}

describe('TakeOverWhenSeen', () => {
  it('renders at once where the browser draws the page itself', async () => {
    render(
      <TakeOverWhenSeen>
        <button type="button">Next slide</button>
      </TakeOverWhenSeen>,
    );
    expect(await screen.findByRole('button', { name: 'Next slide' })).toBeTruthy();
  });

  it("keeps the server's markup of a part until it is taken over, rich text marked for later", async () => {
    let clicks = 0;
    const tree = <main>{partWithRichText(() => (clicks += 1))}</main>;
    const { provideSanitiser } = await import('./rich-html');
    provideSanitiser((html) => html);
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    // The server marks rich text inside such a part: the page's take-over does not wait for the sanitiser.
    expect(container.querySelector('[data-rich-text]')?.getAttribute('data-rich-text')).toBe('later');
    // jsdom has no IntersectionObserver, so the part is taken over once its sanitiser is in: the drawn markup
    // stays and starts to work.
    await act(async () => {
      hydrateRoot(container, tree);
    });
    await expectDrawnMarkupTakenOver(container, () => clicks);
    container.remove();
  });

  it('a part first met after everything was taken over is taken over at once, its rich text sanitised first', async () => {
    let clicks = 0;
    const onClick = () => (clicks += 1);
    // The server's draft, with the server's sanitiser.
    const server = await import('./take-over-when-seen');
    const serverRichText = await import('./rich-html');
    serverRichText.provideSanitiser((html) => html);
    const drawn = renderToString(partWithRichText(onClick, server.TakeOverWhenSeen, serverRichText.RichHtml));
    // The browser's own modules: no sanitiser loaded yet. The part is far below the screen: never seen.
    vi.resetModules();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const { QueryClient } = await import('@tanstack/react-query');
    const browser = await import('./take-over-when-seen');
    const browserRichText = await import('./rich-html');
    // Data the page holds is fetched again before this part's code has even rendered (the page's own boundary
    // still on its way): everything is taken over from then on.
    const queryClient = new QueryClient();
    queryClient.setQueryData(['standings'], 1);
    const stop = browser.takeOverBeforeRefetch(queryClient);
    await queryClient.fetchQuery({ queryKey: ['standings'], queryFn: () => 2, staleTime: 0 });
    stop();

    const container = document.createElement('div');
    container.innerHTML = drawn;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, partWithRichText(onClick, browser.TakeOverWhenSeen, browserRichText.RichHtml), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    // Taken over without being seen, and React took the drawn markup over instead of throwing it away and
    // drawing the part afresh.
    await expectDrawnMarkupTakenOver(container, () => clicks);
    expect(errors).toEqual([]);
    container.remove();
    vi.unstubAllGlobals();
  });
});
