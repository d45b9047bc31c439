import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import {
  contentAsHtml,
  RICH_TEXT_LIMITS,
  RICH_TEXT_MESSAGES,
  type RichTextKind,
  sanitizeRichText,
  visibleCharacters,
} from '../../../contracts/rich-text';
import { HttpError } from '../../http/errors';

/** One DOM for the process: DOMPurify parses into it and never runs a script (jsdom runs none by default). */
const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

/** The allow-list of docs/requirements.md §5 applied (see src/contracts/rich-text.ts). */
export function sanitizeHtml(html: string): string {
  return sanitizeRichText(purify, html);
}

/** The characters a reader sees in sanitised HTML (what the editor's counter counts). */
export function visibleLength(html: string): number {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  return visibleCharacters(template.content.textContent ?? '');
}

/**
 * What every route that stores rich text calls: the sanitised HTML (plain text becomes paragraphs), or a 400 saying what is wrong (nothing
 * left to show, or more characters than the limit, with the count — never a silent cut).
 */
export function sanitizeForStorage(kind: RichTextKind, html: string): string {
  const clean = sanitizeHtml(contentAsHtml(html));
  const characters = visibleLength(clean);
  if (characters === 0 && !/<img\s/i.test(clean)) throw new HttpError(400, RICH_TEXT_MESSAGES.empty(kind));
  if (characters > RICH_TEXT_LIMITS[kind].characters) {
    throw new HttpError(400, RICH_TEXT_MESSAGES.tooLong(kind, characters));
  }
  return clean;
}
