import { chromium } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packIcns, packIco } from './iconFormats';

/**
 * `npm run icons`: renders resources/icon.svg with Chromium (Debian's, as the E2E tests use) into
 * every size the installers need, and packs icon.ico and icon.icns. The outputs are committed, so
 * packaging needs no browser.
 */
const RESOURCES = resolve(__dirname, '..', 'resources');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512];

async function main(): Promise<void> {
  const svg = readFileSync(join(RESOURCES, 'icon.svg'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--force-color-profile=srgb'],
  });
  const png = new Map<number, Buffer>();
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size, height: size });
      const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
      await page.setContent(
        `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      png.set(
        size,
        await page.screenshot({
          omitBackground: true,
          clip: { x: 0, y: 0, width: size, height: size },
        }),
      );
    }
  } finally {
    await browser.close();
  }
  const linux = join(RESOURCES, 'icons');
  mkdirSync(linux, { recursive: true });
  for (const size of LINUX_SIZES) writeFileSync(join(linux, `${size}x${size}.png`), png.get(size)!);
  writeFileSync(join(RESOURCES, 'icon.png'), png.get(1024)!);
  writeFileSync(join(RESOURCES, 'icon.ico'), packIco(ICO_SIZES.map((size) => png.get(size)!)));
  writeFileSync(join(RESOURCES, 'icon.icns'), packIcns(png));
  console.log(`Icons written to ${RESOURCES}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
