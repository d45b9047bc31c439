import { IMPORTANT_INFORMATION_SETTING_KEY, type ImportantInformation } from '../../../contracts/rich-text';
import type { Db } from '../../db/client';
import { readSettingValue } from '../settings/settings.service';

/** The stored page, or null (the page shows its built-in text): a missing or non-text value reads as null. */
export async function readImportantInformation(db: Db): Promise<ImportantInformation> {
  return { html: await readSettingValue(db, IMPORTANT_INFORMATION_SETTING_KEY) };
}
