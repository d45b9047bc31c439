/**
 * Badge tokens and codes (docs/decisions/031-badge-tokens-and-kiosk.md): what a badge carries and how a scan
 * or a typed code is read. Pure: the random bytes are passed in.
 *
 * - A token is 128 random bits in base32 (RFC 4648 alphabet, lower case, no padding): 26 characters, never a
 *   name or an id. The badge's QR code and NFC tag hold the kiosk URL with the token in its fragment
 *   (`<origin>/mss-nfc-access#t=<token>`), so the token never reaches a server log.
 * - A code is 8 characters of Crockford's base32 (no I, L, O or U), printed as `ABCD-EFGH` for typing by
 *   hand; read back ignoring case, spaces and hyphens, with O read as 0 and I or L as 1.
 */

export const BADGE_TOKEN_BYTES = 16;
export const BADGE_TOKEN_LENGTH = 26;
export const BADGE_CODE_LENGTH = 8;
/** The kiosk page; the QR code's URL is this path with `#t=<token>`. */
export const KIOSK_PATH = '/mss-nfc-access';

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TOKEN_PATTERN = new RegExp(`^[a-z2-7]{${BADGE_TOKEN_LENGTH}}$`);

/** Base32 of 16 random bytes (128 bits → 26 characters, the last one carrying 3 bits). */
export function badgeTokenFrom(bytes: Uint8Array): string {
  if (bytes.length !== BADGE_TOKEN_BYTES)
    throw new RangeError(`A badge token needs ${BADGE_TOKEN_BYTES} bytes`);
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += TOKEN_ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += TOKEN_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** A code of one character per random byte: each byte's low 5 bits pick it (32 characters, so no bias). */
export function crockfordCodeFrom(bytes: Uint8Array, length: number): string {
  if (bytes.length !== length) throw new RangeError(`This code needs ${length} bytes`);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte & 31]).join('');
}

/** A typed code of `length` characters in its stored form, or null when it cannot be one. */
export function normalizeCrockfordCode(typed: string, length: number): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== length) return null;
  return [...code].every((char) => CODE_ALPHABET.includes(char)) ? code : null;
}

/** A badge code from 8 random bytes. */
export function badgeCodeFrom(bytes: Uint8Array): string {
  return crockfordCodeFrom(bytes, BADGE_CODE_LENGTH);
}

/** The code as printed: `ABCD-EFGH`. */
export function formatBadgeCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export function isBadgeToken(text: string): boolean {
  return TOKEN_PATTERN.test(text);
}

/** A typed code in its stored form, or null when it cannot be one (wrong length or a character not used). */
export function normalizeBadgeCode(typed: string): string | null {
  return normalizeCrockfordCode(typed, BADGE_CODE_LENGTH);
}

export type BadgeScan = { token: string } | { code: string };

/**
 * What a scan or a typed entry names: the token of a kiosk URL (`…/mss-nfc-access#t=<token>`, from the
 * camera, an NFC tag or a handheld scanner typing the QR code's text), a bare token, or a short code. Null
 * for anything else (the kiosk then says "unknown badge" without asking the server).
 */
export function readBadgeScan(text: string): BadgeScan | null {
  const trimmed = text.trim();
  const fromUrl = /[#&?]t=([A-Za-z2-7]+)/.exec(trimmed)?.[1];
  const candidate = (fromUrl ?? trimmed).toLowerCase();
  if (isBadgeToken(candidate)) return { token: candidate };
  if (fromUrl !== undefined) return null;
  const code = normalizeBadgeCode(trimmed);
  return code ? { code } : null;
}

/** The URL a badge's QR code and NFC tag carry. */
export function badgeUrl(origin: string, token: string): string {
  return `${origin.replace(/\/$/, '')}${KIOSK_PATH}#t=${token}`;
}
