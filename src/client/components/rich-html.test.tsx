// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichHtml } from './rich-html';

afterEach(cleanup);

describe('RichHtml', () => {
  it('renders the allowed formatting and drops what could run, sanitising again at render', async () => {
    const { container } = render(
      <RichHtml html='<h2>Venue</h2><p onclick="alert(1)">Main <strong>hall</strong><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">x</a><a href="https://example.org">Rules</a><script>alert(2)</script>' />,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Venue' })).toBeTruthy();
    const root = container.querySelector('.rich-text') as HTMLElement;
    expect(root.innerHTML).toBe(
      '<h2>Venue</h2><p>Main <strong>hall</strong></p><a>x</a><a href="https://example.org" rel="noopener noreferrer">Rules</a>',
    );
  });

  it('shows an announcement written before rich text with its line breaks', async () => {
    const { container } = render(
      <RichHtml html={'Round 1 at 10:00\nRound 2 at 11:30\n\nBring a pen & paper'} />,
    );
    await screen.findByText(/Bring a pen/);
    expect((container.querySelector('.rich-text') as HTMLElement).innerHTML).toBe(
      '<p>Round 1 at 10:00<br>Round 2 at 11:30</p><p>Bring a pen &amp; paper</p>',
    );
  });
});
