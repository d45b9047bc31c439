import { IMPORTANT_INFORMATION_SETTING_KEY, type ImportantInformation } from '../../../contracts/rich-text';
import type { Db } from '../../db/client';
import { readSetting } from '../settings/settings.repo';

/** The stored page, or null (the page shows its built-in text): a missing or non-text value reads as null. */
export async function readImportantInformation(db: Db): Promise<ImportantInformation> {
  const value = await readSetting(db, IMPORTANT_INFORMATION_SETTING_KEY);
  return { html: typeof value === 'string' && value.trim() !== '' ? value : null };
}
