// Development aid: screenshots a page in Debian Chromium. node scripts/screenshot.mjs URL OUT.png [width] [height] [fullPage 1|0]
import { chromium } from '@playwright/test';

const [, , url, out, width = '1280', height = '900', full = '1'] = process.argv;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: +width, height: +height } });
page.on('console', (m) => {
  if (m.type() === 'error') console.log('console error:', m.text());
});
page.on('pageerror', (e) => console.log('page error:', e.message));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: full === '1' });
await browser.close();
