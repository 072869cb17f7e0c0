// Draws the app's PNG icons (for the web app manifest and iOS) from the brand mark, with Debian's
// Chromium: `bun scripts/make-icons.ts` (run when the mark changes; the PNGs are committed).
import { chromium } from 'playwright-core';

const LOCK = `<path d="M11 14v-3a5 5 0 0 1 10 0v3" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>
<rect x="8" y="14" width="16" height="11" rx="2.5" fill="#fff"/><circle cx="16" cy="19.5" r="2" fill="#4f46e5"/>`;

/** 'any': the rounded tile of the favicon. 'maskable': a full square, the lock inside the 80% safe zone. */
const svg = (kind: 'any' | 'maskable') =>
  kind === 'any'
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/>${LOCK}</svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f46e5"/><g transform="translate(16 16) scale(0.7) translate(-16 -17.5)">${LOCK}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'icon-maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, kind: 'maskable' },
] as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon.kind).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: `public/icons/${icon.file}`, omitBackground: true });
    await page.close();
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
