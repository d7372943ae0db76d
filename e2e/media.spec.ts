import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@docent/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_VIDEOS,
  type FakeYoutube,
  startFakeYoutube,
} from '../apps/server/test/helpers/fake-youtube.ts';
import { type Browser, launchBrowser } from './helpers/browser.ts';
import { reportFailure } from './helpers/failure.ts';
import { REPO_ROOT } from './helpers/paths.ts';
import { openPhoneAs } from './helpers/phone.ts';
import { solidPng } from './helpers/png.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { clearToasts, expectPath, expectVisible } from './helpers/ui.ts';
import {
  expectNoSideScroll,
  shot,
  signUpAndLogIn,
  waitForTrainingToPreview,
} from './knowledge.helpers.ts';

/**
 * Issue 5 screens against the real server: a real PDF and real screenshots are read and
 * trained; a video transcript comes from the fake YouTube replaying captured responses.
 * Third-party fixtures are read from ../shared/fixtures; parts without them skip with a notice.
 */
const FIXTURES = path.resolve(REPO_ROOT, '../shared/fixtures');
const PDF = path.join(FIXTURES, 'pdfs/gnuplot.pdf');
const IMAGES = ['readthedocs.png', 'screenshot.png', 'search.png'].map((f) =>
  path.join(FIXTURES, 'images/mkdocs', f),
);
/** 1037×217: a real screenshot below the 300×300 minimum. */
const SHORT_IMAGE = path.join(FIXTURES, 'images/mkdocs/multipage.png');
const hasPdf = existsSync(PDF);
const hasImages = IMAGES.every((f) => existsSync(f)) && existsSync(SHORT_IMAGE);

function notice(what: string) {
  process.stderr.write(`[media.spec] skipped: ${what} (fixtures absent)\n`);
}

describe('PDF, images and YouTube journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let phone: Browser | undefined;
  let youtube: FakeYoutube | null = null;
  let tmp: string;

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    server = await startServer({
      ALLOW_PRIVATE_NETWORK: 'true',
      ...(youtube ? { YOUTUBE_BASE_URL: youtube.url } : {}),
    });
    browser = await launchBrowser({ baseURL: server.url });
    tmp = await mkdtemp(path.join(os.tmpdir(), 'docent-media-'));
    await signUpAndLogIn(browser.page, `media.${Date.now()}@example.com`, 'Media-Pass-42');
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    await reportFailure('media', phone ?? browser, server);
  });

  afterAll(async () => {
    await phone?.close();
    await browser?.close();
    await server?.stop();
    await youtube?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('checks the file step rules on the Files tab', async () => {
    const { page } = browser;
    await page.goto('/textupload');
    await page.getByRole('link', { name: 'Files' }).click();
    await expectPath(page, '/pdf-upload');
    await shot(page, 'media-files');
    await page.getByRole('button', { name: 'Get Transcript' }).click();
    await expectVisible(page.getByText(MESSAGES.selectFile));

    // 11 images at once: the spec's limit message, nothing added.
    const eleven: string[] = [];
    for (let i = 0; i < 11; i++) {
      const file = path.join(tmp, `tile-${i}.png`);
      await writeFile(file, solidPng(320, [40 + i * 10, 120, 90]));
      eleven.push(file);
    }
    await page.getByTestId('image-input').setInputFiles(eleven);
    await expectVisible(page.getByText(MESSAGES.maxImages));
    expect(await page.locator('.md-thumb__img').count()).toBe(0);

    // 299×299 is refused once the browser has loaded it.
    const small = path.join(tmp, 'small.png');
    await writeFile(small, solidPng(299, [200, 60, 60]));
    await page.getByTestId('image-input').setInputFiles(small);
    await expectVisible(page.getByText(MESSAGES.minImageSize));
    expect(await page.locator('.md-thumb__img').count()).toBe(0);

    // A good image disables the PDF picker; removing it enables it again.
    await page.getByTestId('image-input').setInputFiles(eleven[0] as string);
    await expectVisible(page.locator('.md-thumb__img'));
    expect(await page.getByRole('button', { name: 'Choose a PDF' }).isDisabled()).toBe(true);
    // Thumbnails are drawn at 300×300.
    const natural = await page
      .locator('.md-thumb__img')
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(natural).toEqual([300, 300]);
    await page.getByRole('button', { name: 'Remove tile-0.png' }).click();
    expect(await page.getByRole('button', { name: 'Choose a PDF' }).isEnabled()).toBe(true);
  });

  it('reads a real PDF, shows its transcript and trains it', async () => {
    if (!hasPdf) return notice('gnuplot.pdf');
    const { page } = browser;
    await page.goto('/pdf-upload');
    await page.getByTestId('pdf-input').setInputFiles(PDF);
    await expectVisible(page.getByText('gnuplot.pdf'));
    expect(await page.getByRole('button', { name: 'Choose images' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Get Transcript' }).click();
    await expectVisible(page.getByTestId('elapsed'));
    await shot(page, 'media-pdf-reading');
    await page.getByRole('heading', { name: 'Generated Transcript' }).waitFor({ timeout: 90_000 });
    expect(await page.getByRole('button', { name: 'Get Transcript' }).count()).toBe(0);
    const transcript = (await page.getByTestId('transcript').textContent()) ?? '';
    expect(transcript).toMatch(/gnuplot/i);
    const chars = Number(
      ((await page.getByTestId('char-count').textContent()) ?? '').replace(/[^\d]/g, ''),
    );
    expect(chars).toBeGreaterThan(100_000);
    await clearToasts(page);
    await shot(page, 'media-pdf-transcript');

    // Deleting the transcript starts over; reading again brings it back.
    await page.getByRole('button', { name: 'Delete transcript' }).click();
    await expectVisible(page.getByRole('button', { name: 'Get Transcript' }));
    await page.getByRole('button', { name: 'Get Transcript' }).click();
    await page.getByRole('heading', { name: 'Generated Transcript' }).waitFor({ timeout: 90_000 });

    await page.getByRole('button', { name: 'Train Contents' }).click();
    await waitForTrainingToPreview(page);
    await page.goto('/datasource/text-model');
    await expectVisible(page.getByText('gnuplot.pdf').first());
  });

  it('reads real screenshots by OCR and trains them', async () => {
    if (!hasImages) return notice('mkdocs screenshots');
    const { page } = browser;
    await page.goto('/datasource/pdf');
    await page.getByTestId('image-input').setInputFiles(SHORT_IMAGE);
    await expectVisible(page.getByText(MESSAGES.minImageSize));
    await page.getByTestId('image-input').setInputFiles(IMAGES);
    await page.locator('.md-thumb__img').nth(2).waitFor();
    expect(await page.getByRole('button', { name: 'Choose a PDF' }).isDisabled()).toBe(true);
    await shot(page, 'media-images');

    // Replace the second image with the first one again, then back.
    await page.getByRole('button', { name: 'Replace screenshot.png' }).click();
    await page.getByTestId('image-replace-input').setInputFiles(IMAGES[1] as string);
    await expect.poll(() => page.locator('.md-thumb__img').count()).toBe(3);

    await page.getByRole('button', { name: 'Get Transcript' }).click();
    await page.getByRole('heading', { name: 'Generated Transcript' }).waitFor({ timeout: 90_000 });
    const text = (await page.getByTestId('transcript').textContent()) ?? '';
    expect(text).toMatch(/mkdocs|documentation|search/i);
    // With a transcript, images can be neither added nor removed.
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add image' }).count()).toBe(0);
    await clearToasts(page);
    await shot(page, 'media-images-transcript');

    await page.getByRole('button', { name: 'Train Contents' }).click();
    await waitForTrainingToPreview(page);
  });

  it('fetches a YouTube transcript from the fake server, continues and checks status', async () => {
    if (!youtube) return notice('YouTube captures');
    const { page } = browser;
    await page.goto('/youtube');
    const error = page.locator('.field__error');
    await page.getByRole('button', { name: 'Get Transcript' }).click();
    expect(await error.textContent()).toBe(MESSAGES.enterYoutubeUrl);
    await page.getByLabel('YouTube video URL').fill('https://vimeo.com/76979871');
    await page.getByRole('button', { name: 'Get Transcript' }).click();
    expect(await error.textContent()).toBe(MESSAGES.validYoutubeUrl);
    await shot(page, 'media-youtube-errors');

    // A video without transcripts: neutral error, no continue or check button.
    await page
      .getByLabel('YouTube video URL')
      .fill(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.transcriptsDisabled}`);
    await page.getByRole('button', { name: 'Get Transcript' }).click();
    await expectVisible(page.getByTestId('youtube-error'));
    // It says why (the server's reason), not just that it failed.
    expect(await page.getByTestId('youtube-error').textContent()).toContain(
      'Transcripts are disabled for this video.',
    );
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Check status' }).count()).toBe(0);
    await clearToasts(page);
    await shot(page, 'media-youtube-failed');
    await page.getByRole('button', { name: 'Try another video' }).click();

    await page.getByLabel('YouTube video URL').fill(`https://youtu.be/${FAKE_VIDEOS.crashCourse}`);
    await page.getByRole('button', { name: 'Get Transcript' }).click();
    await page.locator('.md-line').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.md-line__time').first().textContent()).toMatch(/^\d{2}:\d{2}$/);
    expect(await page.locator('.md-line').count()).toBeGreaterThan(10);
    await clearToasts(page);
    await shot(page, 'media-youtube-transcript');

    // Delete starts over; fetch again and continue.
    await page.getByRole('button', { name: 'Delete transcript' }).click();
    await expectVisible(page.getByRole('button', { name: 'Get Transcript' }));
    await page.getByRole('button', { name: 'Get Transcript' }).click();
    await page.locator('.md-line').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByRole('button', { name: 'Check status' }));
    await clearToasts(page);
    await shot(page, 'media-youtube-trained');
    await page.getByRole('button', { name: 'Check status' }).click();
    await expectPath(page, '/preview');
    await page.goto('/datasource/youtube-model');
    await expectVisible(page.getByText('Trained', { exact: true }).first());
  });

  it('looks right on a 390 px phone', async () => {
    phone = await openPhoneAs(browser, server.url);
    const { page } = phone;
    await page.goto('/pdf-upload');
    await expectVisible(page.getByRole('button', { name: 'Get Transcript' }));
    await expectNoSideScroll(page);
    await shot(page, 'media-files-mobile');
    if (hasImages) {
      await page.getByTestId('image-input').setInputFiles(IMAGES);
      await page.locator('.md-thumb__img').nth(2).waitFor();
      await expectNoSideScroll(page);
      await shot(page, 'media-images-mobile');
    }
    await page.goto('/youtube');
    await expectNoSideScroll(page);
    await shot(page, 'media-youtube-mobile');
    if (youtube) {
      await page
        .getByLabel('YouTube video URL')
        .fill(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.unavailable}`);
      await page.getByRole('button', { name: 'Get Transcript' }).click();
      await expectVisible(page.getByText('This video is unavailable.'));
      await clearToasts(page);
      await expectNoSideScroll(page);
      await shot(page, 'media-youtube-failed-mobile');
      await page.getByRole('button', { name: 'Try another video' }).click();
      await page
        .getByLabel('YouTube video URL')
        .fill(`https://youtu.be/${FAKE_VIDEOS.crashCourse}`);
      await page.getByRole('button', { name: 'Get Transcript' }).click();
      await page.locator('.md-line').first().waitFor({ timeout: 30_000 });
      await clearToasts(page);
      await expectNoSideScroll(page);
      await shot(page, 'media-youtube-transcript-mobile');
    }
  });
});
