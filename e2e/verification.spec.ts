import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderPortraitSvg } from '../src/server/demo/portrait-svg';
import { signInAsAdmin } from './admin';
import { expect, expectAccessible, test } from './fixtures';
import { confirmedMember } from './members';

/**
 * Photo verification with a fake camera (issue 21): Chromium plays a video made here from a demo portrait (the same
 * face as the member's profile photo, head tilted to the member's left) as the front camera.
 */
const WIDTH = 640;
const HEIGHT = 480;

async function portrait(tilt: number): Promise<Buffer> {
  const svg = renderPortraitSvg({ seed: 1, gender: 'female', age: 31, size: 600 });
  const jpeg = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg().toBuffer();
  return tilt ? sharp(jpeg).rotate(tilt, { background: '#7a7a7a' }).jpeg().toBuffer() : jpeg;
}

/** A Y4M video (YUV 4:2:0) of the tilted portrait, a few identical frames (Chromium loops it). */
async function tiltedVideo(file: string): Promise<void> {
  const { data } = await sharp(await portrait(15))
    .resize(WIDTH, HEIGHT, { fit: 'contain', background: '#7a7a7a' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  for (let row = 0; row < HEIGHT; row++)
    for (let col = 0; col < WIDTH; col++) {
      const i = (row * WIDTH + col) * 3;
      const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
      y[row * WIDTH + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (WIDTH / 2) + col / 2;
        u[c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        v[c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F5:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}

const video = path.join(os.tmpdir(), `amora-e2e-selfie-${process.pid}.y4m`);
await tiltedVideo(video);

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

for (const locale of ['en', 'de'] as const) {
  test(`a member gets verified with a selfie in the pose asked for (${locale})`, async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['camera'], { origin: baseURL! });
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'selfie', locale);

    // The profile photo: the same demo face, upright; approved by a moderator (the demo site reviews first).
    await page.goto('/profile');
    await page
      .getByTestId('photo-upload-input')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await portrait(0) });
    await expect(page.getByTestId('own-photo')).toHaveCount(1);
    const photoId = Number(await page.getByTestId('own-photo').getAttribute('data-photo-id'));
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInAsAdmin(staffPage, testInfo, '/admin/photos');
    await expect
      .poll(
        async () =>
          (
            await staffPage.request.post('/api/admin/photos.php', {
              headers: { 'X-Request-Type': 'client' },
              data: { id: photoId, action: 'approve' },
            })
          ).status(),
        { timeout: 60_000 },
      )
      .toBe(200);
    await staffContext.close();

    await page.reload();
    const panel = page.getByTestId('verification-panel');
    await expect(panel).toBeVisible();
    await expectAccessible(page, '[data-testid="profile-verification"]');
    // The camera shows a head tilted to the member's left: ask until that is the pose wanted (a new request costs
    // no attempt; only a selfie sent does).
    const challenge = page.getByTestId('verification-challenge');
    for (let i = 0; i < 20; i++) {
      await page.getByTestId('verification-start').click();
      await expect(challenge).toBeVisible();
      if ((await challenge.getAttribute('data-challenge')) === 'tilt_left') break;
      await panel.getByRole('button', { name: locale === 'de' ? 'Abbrechen' : 'Cancel' }).click();
    }
    await expect(challenge).toHaveAttribute('data-challenge', 'tilt_left');
    await expect(challenge).toContainText(
      locale === 'de' ? 'Neige deinen Kopf nach links' : 'Tilt your head to your left',
    );
    await expect(page.getByTestId('verification-shoot')).toBeEnabled({ timeout: 20_000 });
    await page.getByTestId('verification-shoot').click();
    await expect(page.getByTestId('verification-verified')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('verification-verified').getByTestId('verified-badge')).toBeVisible();
    const status = await (
      await page.request.get('/api/verification.php', { headers: { 'X-Request-Type': 'client' } })
    ).json();
    expect(status).toMatchObject({ verified: true, latest: { status: 'verified' } });
  });
}
