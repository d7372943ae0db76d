import { existsSync } from 'node:fs';
import { MESSAGES } from '@docent/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  FAKE_VIDEOS,
  type FakeYoutube,
  startFakeYoutube,
  YOUTUBE_FIXTURES,
} from '../../../../test/helpers/fake-youtube.ts';
import { call, startWorker } from '../../../../test/helpers/knowledge.ts';
import { createSignedInUser, type SignedIn } from '../../../../test/helpers/users.ts';

const hasFixtures = existsSync(YOUTUBE_FIXTURES);
if (!hasFixtures) {
  it.skip('NOTICE: ../shared/fixtures/youtube is absent; upload/youtube tests skipped', () => {});
}

describe.runIf(hasFixtures)(
  'POST /api/upload/youtube (fake YouTube replaying real responses)',
  () => {
    let t: TestApp;
    let yt: FakeYoutube;
    let alice: SignedIn;
    let bob: SignedIn;
    beforeAll(async () => {
      yt = (await startFakeYoutube()) as FakeYoutube;
      t = await createTestApp({ YOUTUBE_BASE_URL: yt.url });
      await startWorker(t);
      alice = await createSignedInUser(t.runtime.ctx, { plan: 'platinum' });
      bob = await createSignedInUser(t.runtime.ctx);
    });
    afterAll(async () => {
      await t.close();
      await yt.close();
    });

    const post = (user: SignedIn, body: unknown) =>
      call(t, user, 'POST', '/api/upload/youtube', body);
    const crashCourse = `https://youtu.be/${FAKE_VIDEOS.crashCourse}?t=42`;

    it('stage 1 returns transcript lines with start times; stage 2 trains a Youtube source', async () => {
      const one = await post(alice, { url: crashCourse, stage: 1 });
      expect(one.status).toBe(200);
      const lines = one.body.response.video_transcript as { start: number; text: string }[];
      expect(lines).toHaveLength(182);
      expect(lines[1]).toEqual({
        start: 1,
        text: "If you've heard that word, it probably wasn't in the context of psychology.",
      });
      const chars = lines.reduce((n, l) => n + l.text.length, 0);
      expect(one.body.response).toMatchObject({ stage: 1, num_characters: chars, botId: null });

      const requestsBefore = yt.requests.length;
      const two = await post(alice, {
        url: crashCourse,
        stage: 2,
        char_count: 1,
        bot_count: 1,
        bot_id: null,
      });
      expect(two.status).toBe(200);
      expect(two.body.response).toEqual({
        stage: 2,
        botId: expect.any(String),
        bot_name: 'Homunculus: Crash Course Psychology',
      });
      // Stage 2 trains what stage 1 fetched; YouTube is not asked again.
      expect(yt.requests.length).toBe(requestsBefore);
      await t.runtime.ctx.jobs.whenIdle();
      const source = await t.runtime.ctx.db
        .selectFrom('sources')
        .select(['type', 'source_type', 'status', 'origin'])
        .where('bot_id', '=', two.body.response.botId)
        .executeTakeFirstOrThrow();
      expect(source).toEqual({
        type: 'youtube',
        source_type: 4,
        status: 'trained',
        origin: `https://www.youtube.com/watch?v=${FAKE_VIDEOS.crashCourse}`,
      });
      const chunks = await t.runtime.ctx.db
        .selectFrom('chunks')
        .select('text')
        .where('bot_id', '=', two.body.response.botId)
        .execute();
      expect(chunks.map((c) => c.text).join(' ')).toContain('sensory map of the human body');
    });

    it('validates the URL with the spec messages', async () => {
      expect((await post(alice, { stage: 1 })).body.message).toBe(MESSAGES.enterYoutubeUrl);
      expect((await post(alice, { url: '  ', stage: 1 })).body.message).toBe(
        MESSAGES.enterYoutubeUrl,
      );
      expect(MESSAGES.enterYoutubeUrl).toBe('Please enter  youtube url');
      for (const url of [
        'https://vimeo.com/123',
        'https://www.youtube.com/channel/abc',
        'youtube',
      ]) {
        const res = await post(alice, { url, stage: 1 });
        expect(res).toMatchObject({
          status: 400,
          body: { hasError: true, message: MESSAGES.validYoutubeUrl },
        });
      }
    });

    it.each([
      [FAKE_VIDEOS.transcriptsDisabled, 422, 'Transcripts are disabled for this video.'],
      [FAKE_VIDEOS.unavailable, 422, 'This video is unavailable.'],
      [
        FAKE_VIDEOS.ageRestricted,
        422,
        'This video is age-restricted, so its transcript cannot be read.',
      ],
      [
        FAKE_VIDEOS.requestBlocked,
        502,
        'YouTube blocked the request from our server. Please try again later.',
      ],
      [
        FAKE_VIDEOS.tooManyRequests,
        502,
        'YouTube is receiving too many requests from our server. Please try again later.',
      ],
      [
        FAKE_VIDEOS.connectionDropped,
        502,
        'We could not reach YouTube (network error). Please try again later.',
      ],
    ])(
      '%s → hasError with a clear message, logged for the operator',
      async (videoId, status, message) => {
        const logged = vi.spyOn(t.runtime.ctx.log, status === 502 ? 'warn' : 'info');
        const res = await post(alice, {
          url: `https://www.youtube.com/watch?v=${videoId}`,
          stage: 1,
        });
        expect(res).toMatchObject({ status, body: { hasError: true, message } });
        expect(res.body.message).not.toMatch(/website/i);
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ videoId }),
          'YouTube transcript could not be read',
        );
        logged.mockRestore();
      },
    );

    it('says YouTube, not "this website", when YouTube cannot be found or reached', async () => {
      const offline = await createTestApp({ YOUTUBE_BASE_URL: 'http://youtube.invalid' });
      try {
        const owner = await createSignedInUser(offline.runtime.ctx);
        const res = await call(offline, owner, 'POST', '/api/upload/youtube', {
          url: `https://www.youtube.com/watch?v=${FAKE_VIDEOS.crashCourse}`,
          stage: 1,
        });
        expect(res).toMatchObject({
          status: 502,
          body: {
            hasError: true,
            message: 'We could not reach YouTube (network error). Please try again later.',
          },
        });
      } finally {
        await offline.close();
      }
    });

    it("names the new bot as the owner asked, not after the video's title (issue 17 point 1)", async () => {
      const res = await post(alice, { url: crashCourse, stage: 2, bot_name: ' Psychology  101 ' });
      expect(res.status).toBe(200);
      expect(res.body.response).toEqual({
        stage: 2,
        botId: expect.any(String),
        bot_name: 'Psychology 101',
      });
      await t.runtime.ctx.jobs.whenIdle();
    });

    it("refuses another account's bot", async () => {
      const own = await post(alice, { url: crashCourse, stage: 2, bot_count: 1 });
      const res = await post(bob, {
        url: crashCourse,
        stage: 2,
        bot_count: 1,
        bot_id: own.body.response.botId,
      });
      expect(res.status).toBe(404);
    });
  },
);
