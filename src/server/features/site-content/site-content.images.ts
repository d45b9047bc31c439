import sharp from 'sharp';
import { MAX_SITE_IMAGE_BYTES, SITE_IMAGE_MESSAGES, type SiteImageType } from '../../../contracts/rich-text';
import { HttpError } from '../../http/errors';

/** The formats we accept, by what the decoder finds in the bytes (never by the name or the declared type). */
const FORMATS: Record<string, { type: SiteImageType; format: 'png' | 'jpeg' | 'webp' | 'gif' }> = {
  png: { type: 'image/png', format: 'png' },
  jpeg: { type: 'image/jpeg', format: 'jpeg' },
  webp: { type: 'image/webp', format: 'webp' },
  gif: { type: 'image/gif', format: 'gif' },
};
/** Larger images are scaled down to fit: nothing on a page needs more. */
const MAX_SIDE = 2400;
/** Decompression bombs stop here (a 2 MB file may claim billions of pixels). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface EncodedImage {
  contentType: SiteImageType;
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes an upload and encodes it again from its pixels (ADR 021): metadata, trailing bytes, a second
 * file format hidden inside (a polyglot) and any script do not survive, and the type is the one we wrote.
 */
export async function reencodeImage(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length > MAX_SITE_IMAGE_BYTES) throw new HttpError(400, SITE_IMAGE_MESSAGES.tooLarge);
  let format: (typeof FORMATS)[string] | undefined;
  try {
    format = FORMATS[(await sharp(bytes).metadata()).format ?? ''];
  } catch {
    throw new HttpError(400, SITE_IMAGE_MESSAGES.unreadable);
  }
  if (!format) throw new HttpError(400, SITE_IMAGE_MESSAGES.wrongType);
  try {
    const animated = format.format === 'gif' || format.format === 'webp';
    let pipeline = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    if (!animated) pipeline = pipeline.rotate();
    const { data, info } = await pipeline
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(format.format)
      .toBuffer({ resolveWithObject: true });
    return {
      contentType: format.type,
      bytes: data,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    throw new HttpError(400, SITE_IMAGE_MESSAGES.unreadable);
  }
}
