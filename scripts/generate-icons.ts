/**
 * Draws the installable app's icons (ADR 033) from the favicon: 192 and 512 px, a maskable 512 px with the
 * safe zone the launchers crop to, and the 180 px touch icon iPads use. Run after changing the favicon:
 * `node --import tsx scripts/generate-icons.ts`; the PNGs are committed in src/client/public/icons/.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = join(import.meta.dirname, '..', 'src', 'client', 'public');
const BACKGROUND = '#0b1f3a';

const svg = await readFile(join(publicDir, 'favicon.svg'));
const draw = (size: number) => sharp(svg, { density: Math.ceil((72 * size) / 64) }).resize(size, size);

for (const size of [192, 512])
  await draw(size)
    .png()
    .toFile(join(publicDir, 'icons', `icon-${size}.png`));
// Maskable: the launcher may cut to a circle, so the mark sits in the middle 80 % on the full-bleed colour.
const inner = await draw(410).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(join(publicDir, 'icons', 'icon-maskable-512.png'));
await sharp({ create: { width: 180, height: 180, channels: 4, background: BACKGROUND } })
  .composite([{ input: await draw(180).png().toBuffer(), gravity: 'center' }])
  .png()
  .toFile(join(publicDir, 'icons', 'apple-touch-icon.png'));
console.log('icons written to src/client/public/icons/');
