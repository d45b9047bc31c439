import {
  IMPORTANT_INFORMATION_SETTING_KEY,
  type ImportantInformation,
  SITE_IMAGE_MESSAGES,
  SITE_IMAGE_PATH_PREFIX,
  type SiteImageUpload,
} from '../../../contracts/rich-text';
import type { Audit, AuditContext } from '../../audit/audit';
import { sanitizeForStorage } from '../../core/rich-text/rich-text.sanitizer';
import { beforeAndAfter, resetSettingIn, saveSettingIn } from '../../core/settings/settings.service';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { reencodeImage } from './site-content.images';
import * as repo from './site-content.repo';

/** Sanitises and stores the page, with its audit row (before and after) in the same transaction. */
export async function saveImportantInformation(
  db: Db,
  audit: Audit,
  who: AuditContext,
  html: string,
): Promise<ImportantInformation> {
  const clean = sanitizeForStorage('importantInformation', html);
  await db.transaction((tx) =>
    saveSettingIn(tx, audit, who, IMPORTANT_INFORMATION_SETTING_KEY, clean, {
      action: 'update_important_information',
      description: 'Updated the important information page',
      details: beforeAndAfter,
    }),
  );
  return { html: clean };
}

/** Back to the built-in text: the stored record is deleted. */
export async function resetImportantInformation(db: Db, audit: Audit, who: AuditContext): Promise<void> {
  await db.transaction((tx) =>
    resetSettingIn(tx, audit, who, IMPORTANT_INFORMATION_SETTING_KEY, {
      action: 'reset_important_information',
      description: 'Reset the important information page to its standard text',
      details: ({ before }) => ({ before }),
    }),
  );
}

export async function uploadImage(
  db: Db,
  audit: Audit,
  who: AuditContext & { actorId: string },
  bytes: Buffer,
): Promise<SiteImageUpload> {
  const image = await reencodeImage(bytes);
  const id = await db.transaction(async (tx) => {
    const stored = await repo.insertImage(tx, { ...image, uploadedBy: who.actorId });
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
