import {
  IMPORTANT_INFORMATION_SETTING_KEY,
  type ImportantInformation,
  SITE_IMAGE_MESSAGES,
  SITE_IMAGE_PATH_PREFIX,
  type SiteImageUpload,
} from '../../../contracts/rich-text';
import type { Audit, AuditContext } from '../../audit/audit';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { deleteSetting, readSetting, saveSetting } from '../settings/settings.repo';
import { reencodeImage } from './site-content.images';
import * as repo from './site-content.repo';
import { sanitizeForStorage } from './site-content.sanitizer';

/** The stored page, or null (the page shows its built-in text): a missing or non-text value reads as null. */
export async function readImportantInformation(db: Db): Promise<ImportantInformation> {
  const value = await readSetting(db, IMPORTANT_INFORMATION_SETTING_KEY);
  return { html: typeof value === 'string' && value.trim() !== '' ? value : null };
}

/** Sanitises and stores the page, with its audit row (before and after) in the same transaction. */
export async function saveImportantInformation(
  db: Db,
  audit: Audit,
  who: AuditContext,
  html: string,
): Promise<ImportantInformation> {
  const clean = sanitizeForStorage('importantInformation', html);
  const before = await readImportantInformation(db);
  await db.transaction(async (tx) => {
    await saveSetting(tx as unknown as Db, IMPORTANT_INFORMATION_SETTING_KEY, clean, who.actorId);
    await audit.logChange(tx, who, 'update_important_information', 'Updated the important information page', {
      before: before.html,
      after: clean,
    });
  });
  return { html: clean };
}

/** Back to the built-in text: the stored record is deleted. */
export async function resetImportantInformation(db: Db, audit: Audit, who: AuditContext): Promise<void> {
  const before = await readImportantInformation(db);
  await db.transaction(async (tx) => {
    await deleteSetting(tx as unknown as Db, IMPORTANT_INFORMATION_SETTING_KEY);
    await audit.logChange(
      tx,
      who,
      'reset_important_information',
      'Reset the important information page to its standard text',
      { before: before.html },
    );
  });
}

export async function uploadImage(
  db: Db,
  audit: Audit,
  who: AuditContext & { actorId: string },
  bytes: Buffer,
): Promise<SiteImageUpload> {
  const image = await reencodeImage(bytes);
  const id = await db.transaction(async (tx) => {
    const stored = await repo.insertImage(tx as unknown as Db, { ...image, uploadedBy: who.actorId });
    await audit.logChange(
      tx,
      who,
      'upload_site_image',
      `Uploaded an image (${image.width}×${image.height})`,
      {
        imageId: stored,
        contentType: image.contentType,
        bytes: image.bytes.length,
      },
    );
    return stored;
  });
  return { id, url: `${SITE_IMAGE_PATH_PREFIX}${id}` };
}

export async function requireImage(db: Db, id: string): Promise<repo.StoredImage> {
  const image = await repo.findImage(db, id);
  if (!image) throw new HttpError(404, SITE_IMAGE_MESSAGES.notFound);
  return image;
}
