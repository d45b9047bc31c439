import type { Config, DOMPurify, UponSanitizeAttributeHookEvent } from 'dompurify';
import { z } from 'zod';

/**
 * Rich text (announcements, the important-information page): the one allow-list of docs/requirements.md §5 and
 * the one sanitising routine, run by the server before storing (DOMPurify over jsdom) and by the browser again
 * before rendering (DOMPurify over the page's DOM). ADR 021 says why and what the choices are.
 */

/** Elements: paragraph, line break, bold, italic, underline, headings, lists, links, images, tables, span, div. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'span',
  'div',
] as const;

/** Attributes: href, src, alt, title, class, style, width, height and target; nothing else (no on*, no data-*). */
export const RICH_TEXT_ATTRIBUTES = [
  'href',
  'src',
  'alt',
  'title',
  'class',
  'style',
  'width',
  'height',
  'target',
] as const;

/**
 * The CSS properties a `style` attribute may keep, each with the values it accepts. Anything else (position,
 * url(), expression(), var(), escapes, comments, font-size, margins…) is dropped declaration by declaration.
 */
const COLOUR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\)|[a-z]{3,20})$/i;
const LENGTH = /^(\d{1,4}(\.\d{1,2})?(px|%|em|rem)|0|auto)$/i;
export const RICH_TEXT_STYLES: Readonly<Record<string, RegExp>> = {
  color: COLOUR,
  'background-color': COLOUR,
  'text-align': /^(left|right|center|justify|start|end)$/i,
  'font-weight': /^(normal|bold|bolder|lighter|[1-9]00)$/i,
  'font-style': /^(normal|italic|oblique)$/i,
  'text-decoration': /^(none|underline|line-through|overline)( (underline|line-through|overline))*$/i,
  'text-decoration-line': /^(none|underline|line-through|overline)( (underline|line-through|overline))*$/i,
  'vertical-align': /^(top|middle|bottom|baseline|sub|super)$/i,
  'list-style-type': /^(disc|circle|square|decimal|lower-alpha|upper-alpha|lower-roman|upper-roman|none)$/i,
  width: LENGTH,
  'min-width': LENGTH,
};

/** Where uploaded images are served: an image's `src` must be exactly this prefix and the image's id. */
export const SITE_IMAGE_PATH_PREFIX = '/api/public/site-images/';
const SITE_IMAGE_SRC =
  /^\/api\/public\/site-images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Links: web pages, mail and phone, or a path and anchor on this site. No javascript:, data:, vbscript:… */
const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d\s()-]+|\/(?![/\\])[^\s]*|#[^\s]*)$/i;
/** Classes the site's own rich-text styles use; other class names (a paste's MsoNormal, a utility class that
 * would lay an element over the page) are dropped. */
const SAFE_CLASS = /^rt-[a-z0-9-]{1,40}$/;
const SIZE = /^\d{1,4}(%|px)?$/;

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  FORBID_TAGS: ['script', 'style', 'object', 'embed', 'form', 'input', 'iframe', 'svg', 'math', 'template'],
  KEEP_CONTENT: true,
};

/** Control characters and whitespace browsers ignore inside a URL scheme (`java\tscript:`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it looks for.
const URL_NOISE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

function cleanStyle(value: string): string {
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const propertyValue = declaration
      .slice(colon + 1)
      .trim()
      .replace(/\s+/g, ' ');
    const rule = RICH_TEXT_STYLES[property];
    if (rule?.test(propertyValue)) kept.push(`${property}: ${propertyValue}`);
  }
  return kept.join('; ');
}

/** Whether one attribute value may stay; `style` and `class` are cleaned instead (see `cleanAttribute`). */
function cleanAttribute(tag: string, name: string, value: string): string | null {
  switch (name) {
    case 'href': {
      const compact = value.replace(URL_NOISE, '');
      return tag === 'a' && compact === value.trim() && SAFE_HREF.test(compact) ? value.trim() : null;
    }
    case 'src':
      return tag === 'img' && SITE_IMAGE_SRC.test(value) ? value : null;
    case 'target':
      return tag === 'a' && value === '_blank' ? value : null;
    case 'width':
    case 'height':
      return SIZE.test(value.trim()) ? value.trim() : null;
    case 'style': {
      const style = cleanStyle(value);
      return style === '' ? null : style;
    }
    case 'class': {
      const classes = value.split(/\s+/).filter((name) => SAFE_CLASS.test(name));
      return classes.length === 0 ? null : classes.join(' ');
    }
    default:
      return value;
  }
}

const configured = new WeakSet<object>();

/** Adds the rules DOMPurify's configuration cannot say (values of attributes, link rel, image sources) once. */
function configure(purify: DOMPurify): void {
  if (configured.has(purify)) return;
  configured.add(purify);
  purify.addHook('uponSanitizeAttribute', (node: Element, data: UponSanitizeAttributeHookEvent) => {
    const cleaned = cleanAttribute(node.nodeName.toLowerCase(), data.attrName, data.attrValue);
    if (cleaned === null) data.keepAttr = false;
    else data.attrValue = cleaned;
  });
  purify.addHook('afterSanitizeAttributes', (node: Element) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a' && node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
    if (tag === 'a' && !node.hasAttribute('href')) node.removeAttribute('target');
    // An image that is not one of ours (hot-linked, data:, javascript:) is dropped whole.
    if (tag === 'img' && !node.hasAttribute('src')) node.parentNode?.removeChild(node);
  });
}

/**
 * The one sanitiser: the HTML with only the allowed elements, attributes, styles, links and images left.
 * `purify` is DOMPurify bound to a window (jsdom on the server, the page in the browser). An author's own
 * `rel` is not on the list and goes; the hook then gives every link rel="noopener noreferrer".
 */
export function sanitizeRichText(purify: DOMPurify, html: string): string {
  configure(purify);
  return (purify.sanitize(html, CONFIG) as unknown as string).trim();
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Content as HTML: HTML as it is; plain text (no tag at all: an announcement written before they were rich,
 * or text sent to the API) as paragraphs with its line breaks, so it reads as written.
 */
export function contentAsHtml(content: string): string {
  if (/<[a-z!/]/i.test(content)) return content;
  return content
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Characters a reader sees: runs of white space count as one, as a browser shows them. */
export function visibleCharacters(text: string): number {
  return text.replace(/\s+/g, ' ').trim().length;
}

/** The limits: characters a reader sees (the editor's counter), and a cap on the stored HTML around them. */
export const RICH_TEXT_LIMITS = {
  announcement: { characters: 2_000, html: 20_000 },
  importantInformation: { characters: 20_000, html: 150_000 },
} as const;
export type RichTextKind = keyof typeof RICH_TEXT_LIMITS;

const KIND_LABELS: Record<RichTextKind, string> = {
  announcement: 'An announcement',
  importantInformation: 'The important information',
};

export const RICH_TEXT_MESSAGES = {
  empty: (kind: RichTextKind) =>
    kind === 'announcement' ? 'Write the announcement' : 'Write the important information',
  tooLong: (kind: RichTextKind, characters: number) =>
    `${KIND_LABELS[kind]} is at most ${RICH_TEXT_LIMITS[kind].characters.toLocaleString('en-GB')} characters; this one has ${characters.toLocaleString('en-GB')}. Shorten it and save again.`,
  tooMuchFormatting: (kind: RichTextKind) =>
    `${KIND_LABELS[kind]} carries too much formatting to store (over ${RICH_TEXT_LIMITS[kind].html.toLocaleString('en-GB')} characters of HTML). Paste it as plain text or shorten it.`,
} as const;

/**
 * The stored HTML as sent: a string within the HTML cap (the sanitiser and the character count follow). The
 * message is written when the cap is hit, not when the schema is built: its number formatting is the first use
 * of the browser's Intl on a public page, which cost a phone 50 ms of the take-over's first task (issue 37).
 */
export const richTextInput = (kind: RichTextKind) =>
  z
    .string()
    .max(RICH_TEXT_LIMITS[kind].html, { error: () => RICH_TEXT_MESSAGES.tooMuchFormatting(kind) })
    .refine((value) => value.trim() !== '', RICH_TEXT_MESSAGES.empty(kind));

/** Images an editor may upload: the types a browser shows, at most 2 MB; re-encoded before they are stored. */
export const SITE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type SiteImageType = (typeof SITE_IMAGE_TYPES)[number];
export const MAX_SITE_IMAGE_BYTES = 2 * 1024 * 1024;
export const SITE_IMAGE_MESSAGES = {
  wrongType: 'Upload a PNG, JPEG, WebP or GIF image',
  tooLarge: 'An image is at most 2 MB',
  unreadable: 'This file is not an image we can read',
  uploaded: 'Image uploaded',
  notFound: 'Image not found',
} as const;
export const siteImageUploadResponseSchema = z.object({ id: z.uuid(), url: z.string() });
export type SiteImageUpload = z.infer<typeof siteImageUploadResponseSchema>;

/** The settings key the important-information page's HTML is stored under (a row of system_settings, ADR 021). */
export const IMPORTANT_INFORMATION_SETTING_KEY = 'important_information_html';

/** The important-information page's content: null while the built-in text is shown. */
export const importantInformationSchema = z.object({ html: z.string().nullable() });
export type ImportantInformation = z.infer<typeof importantInformationSchema>;
export const saveImportantInformationBodySchema = z
  .object({ html: richTextInput('importantInformation') })
  .strict();
export const IMPORTANT_INFORMATION_MESSAGES = {
  saved: 'Important information saved',
  reset: 'The page shows its standard text again',
  loadFailed: 'Failed to load the important information',
  saveFailed: 'Failed to save the important information',
} as const;
