import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_VIDEOS,
  type FakeYoutube,
  startFakeYoutube,
  YOUTUBE_FIXTURES,
} from '../../../test/helpers/fake-youtube.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import { fetchTranscript, type YoutubeErrorCode } from './transcript-client.ts';

let yt: FakeYoutube | null = null;
beforeAll(async () => {
  yt = await startFakeYoutube();
});
afterAll(async () => yt?.close());

// The real SSRF-guarded client, allowed to reach the loopback fake only.
const guarded = (url: string, init?: RequestInit) => safeFetch(url, init, { allowPrivate: true });
const get = (videoId: string) =>
  fetchTranscript(videoId, { fetch: guarded, baseUrl: (yt as FakeYoutube).url });

if (!existsSync(YOUTUBE_FIXTURES)) {
  it.skip('NOTICE: ../shared/fixtures/youtube is absent; YouTube client tests skipped', () => {});
}

describe.runIf(existsSync(YOUTUBE_FIXTURES))(
  'YouTube transcript client against replayed responses',
  () => {
    it('reads the real CrashCourse captions: 182 cues, entities decoded, start times kept', async () => {
      const t = await get(FAKE_VIDEOS.crashCourse);
      expect(t.lines).toHaveLength(182);
      expect(t.lines[0]).toEqual({ start: 0, duration: 1, text: 'Homunculus!' });
      expect(t.lines[1]?.text).toBe(
        "If you've heard that word, it probably wasn't in the context of psychology.",
      );
      expect(t.lines.every((l) => !/&#|&amp;|&quot;/.test(l.text))).toBe(true);
      expect(t.languageCode).toBe('en');
      expect(t.generated).toBe(false);
      expect(t.title).toContain('Homunculus');
    });

    it('follows the captured watch page → innertube player → timedtext chain', async () => {
      const t = await get(FAKE_VIDEOS.surfaceGo);
      expect(t.lines.map((l) => l.text)).toEqual([
        'Hey, this is just a test',
        'this is not the original transcript',
        'just something shorter, I made up for testing',
      ]);
      expect(t.languageCode).toBe('en');
      const seen = (yt as FakeYoutube).requests.join('\n');
      expect(seen).toContain(`GET /watch?v=${FAKE_VIDEOS.surfaceGo}`);
      expect(seen).toContain(
        'POST /youtubei/v1/player?key=AIzaSyAO_FJ2SlqU8Q4STEHLGCilw_Y9_11qcW8',
      );
      expect(seen).toMatch(/GET \/api\/timedtext\?v=GJLlxj_dtq8[^\n]*/);
      expect(seen).not.toMatch(/timedtext[^\n]*fmt=srv3/);
    });

    it('answers the cookie-consent page once, as a browser would', async () => {
      const t = await get(FAKE_VIDEOS.consentOnce);
      expect(t.lines.length).toBeGreaterThan(0);
    });

    it.each<[string, YoutubeErrorCode, RegExp]>([
      [FAKE_VIDEOS.transcriptsDisabled, 'transcripts_disabled', /Transcripts are disabled/],
      [FAKE_VIDEOS.unavailable, 'video_unavailable', /unavailable/],
      [FAKE_VIDEOS.ageRestricted, 'age_restricted', /age-restricted/],
      [FAKE_VIDEOS.requestBlocked, 'request_blocked', /blocked/],
      [FAKE_VIDEOS.tooManyRequests, 'too_many_requests', /too many requests/],
      [FAKE_VIDEOS.timedtext429, 'too_many_requests', /too many requests/],
      [FAKE_VIDEOS.consentAlways, 'consent_required', /consent/],
    ])('%s → %s with a clear message', async (videoId, code, message) => {
      await expect(get(videoId)).rejects.toMatchObject({
        code,
        message: expect.stringMatching(message),
      });
    });
  },
);
