import createDOMPurify from 'dompurify';
import { contentAsHtml, sanitizeRichText } from '../../contracts/rich-text';

const purify = createDOMPurify(window);

/** The browser's half of ADR 021: the same allow-list as the server, loaded only when rich text is shown. */
export function sanitiseForDisplay(html: string): string {
  return sanitizeRichText(purify, contentAsHtml(html));
}
