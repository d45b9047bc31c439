import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteImages } from '../../db/schema/site-content';

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

export async function insertImage(
  db: Db,
  image: { contentType: string; bytes: Buffer; width: number; height: number; uploadedBy: string },
): Promise<string> {
  const [row] = await db.insert(siteImages).values(image).returning({ id: siteImages.id });
  if (!row) throw new Error('the image was not stored');
  return row.id;
}

export async function findImage(db: Db, id: string): Promise<StoredImage | null> {
  const [row] = await db
    .select({ contentType: siteImages.contentType, bytes: siteImages.bytes })
    .from(siteImages)
    .where(eq(siteImages.id, id));
  return row ?? null;
}
