import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_STYLES, RICH_TEXT_TAGS } from '../../../contracts/rich-text';
import { sanitizeForStorage, sanitizeHtml } from './rich-text.sanitizer';

const corpus: { payloads: { category: string; html: string }[] } = JSON.parse(
  readFileSync(new URL('../../../../tests/fixtures/xss/stored-xss-corpus.json', import.meta.url), 'utf8'),
);

const TAGS = new Set<string>(RICH_TEXT_TAGS);
const ATTRIBUTES = new Set<string>([...RICH_TEXT_ATTRIBUTES, 'rel']);
const IMAGE_SRC = /^\/api\/public\/site-images\/[0-9a-f-]{36}$/;

/** Everything wrong with sanitised HTML, as a browser would parse it. */
function violations(html: string): string[] {
  const found: string[] = [];
  const document = new JSDOM(`<body>${html}</body>`).window.document;
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!TAGS.has(tag)) found.push(`element <${tag}>`);
    for (const { name, value } of element.attributes) {
      if (!ATTRIBUTES.has(name)) found.push(`attribute ${name} on <${tag}>`);
      if (name === 'href' && !/^(https?:|mailto:|tel:|\/(?![/\\])|#)/i.test(value))
        found.push(`href ${value}`);
      if (name === 'src' && !IMAGE_SRC.test(value)) found.push(`src ${value}`);
      if (name === 'style') {
        for (const declaration of value.split(';').filter((part) => part.trim())) {
          const property = declaration.split(':')[0]?.trim() ?? '';
          if (!(property in RICH_TEXT_STYLES)) found.push(`style ${property}`);
        }
        if (/url\(|expression|\\|position/i.test(value)) found.push(`style value ${value}`);
      }
      if (name === 'class' && !/^(rt-[a-z0-9-]+ ?)+$/.test(value)) found.push(`class ${value}`);
    }
    if (
      tag === 'a' &&
      element.hasAttribute('href') &&
      element.getAttribute('rel') !== 'noopener noreferrer'
    ) {
      found.push('link without rel');
    }
  }
  return found;
}

describe('the rich-text sanitiser (docs/requirements.md §5)', () => {
  it('has a corpus of at least 50 stored-XSS payloads', () => {
    expect(corpus.payloads.length).toBeGreaterThanOrEqual(50);
  });

  it.each(corpus.payloads.map((payload) => [payload.category, payload.html] as const))(
    'leaves nothing of %s payload %s that could run',
    (_category, html) => {
      const clean = sanitizeHtml(html);
      expect(violations(clean)).toEqual([]);
      expect(clean).not.toMatch(/javascript:|vbscript:|data:|<script|onerror|onload|onclick/i);
      // Sanitising is stable: the stored HTML comes back unchanged when it is sanitised again at render.
      expect(sanitizeHtml(clean)).toBe(clean);
    },
  );

  it('keeps what the editor and a pasted document produce', () => {
    const html =
      '<h2>Venue</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u> and <b>b</b>/<i>i</i>.<br>Next line</p>' +
      '<ul><li>One</li></ul><ol><li>Two</li></ol>' +
      '<p style="text-align: center; color: #1d4ed8">Centred</p>' +
      '<a href="https://example.org/rules" target="_blank" title="Rules">rules</a> <a href="mailto:a@b.ie">mail</a>' +
      '<table><colgroup><col style="min-width: 25px"></colgroup><tbody><tr><th>Round</th><td width="50%">10:00</td></tr></tbody></table>' +
      '<div class="rt-note"><span>note</span></div>' +
      '<img src="/api/public/site-images/0b9c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e" alt="Hall" width="320" height="200">';
    const clean = sanitizeHtml(html);
    expect(violations(clean)).toEqual([]);
    for (const kept of [
      '<h2>Venue</h2>',
      '<strong>Bold</strong>',
      '<em>italic</em>',
      '<u>underlined</u>',
      '<br>',
      '<ul><li>One</li></ul>',
      '<ol><li>Two</li></ol>',
      'style="text-align: center; color: #1d4ed8"',
      '<a href="https://example.org/rules" target="_blank" title="Rules" rel="noopener noreferrer">rules</a>',
      '<th>Round</th><td width="50%">10:00</td>',
      '<div class="rt-note"><span>note</span></div>',
      '<img src="/api/public/site-images/0b9c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e" alt="Hall" width="320" height="200">',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  it('keeps the safe declarations of a style and drops the rest', () => {
    expect(
      sanitizeHtml('<p style="color: red; position: fixed; font-weight: bold; mso-line-height: 1">x</p>'),
    ).toBe('<p style="color: red; font-weight: bold">x</p>');
  });

  it('drops an image that is not one of ours but keeps the text around it', () => {
    expect(sanitizeHtml('<p>Before <img src="https://evil.example/a.png" alt="a"> after</p>')).toBe(
      '<p>Before  after</p>',
    );
  });

  it('refuses content over the limit with the count, and empty content, instead of cutting it', () => {
    const long = `<p>${'x'.repeat(2_001)}</p>`;
    expect(() => sanitizeForStorage('announcement', long)).toThrow(
      'An announcement is at most 2,000 characters; this one has 2,001. Shorten it and save again.',
    );
    expect(() => sanitizeForStorage('announcement', '<script>x</script>')).toThrow('Write the announcement');
    expect(sanitizeForStorage('announcement', `<p>${'x'.repeat(2_000)}</p>`)).toHaveLength(2_007);
  });
});
