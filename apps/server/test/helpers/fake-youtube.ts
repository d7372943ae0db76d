import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A local YouTube replaying the real captured responses in ../shared/fixtures/youtube (read at
 * run time, never copied): watch page, innertube player, timedtext. Beyond what
 * fake_youtube_server.py serves, each error fixture answers for a video id of its own, and the
 * CrashCourse captions get a player response listing them.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const YOUTUBE_FIXTURES = path.resolve(REPO_ROOT, '../shared/fixtures/youtube');
const J = path.join(YOUTUBE_FIXTURES, 'jdepoix-youtube-transcript-api');
const C = path.join(YOUTUBE_FIXTURES, 'crashcourse');

export const FAKE_VIDEOS = {
  surfaceGo: 'GJLlxj_dtq8',
  crashCourse: 'fxZWtc0mYpQ',
  ww1: 'F1xioXWb8CY',
  transcriptsDisabled: 'dsMFmonKDD4',
  ageRestricted: 'Njp5uhTorCo',
  unavailable: 'unavailabl1',
  requestBlocked: 'blockedReq1',
  tooManyRequests: 'tooManyReq1',
  consentOnce: 'consentOnce',
  consentAlways: 'consentLoop',
  timedtext429: 'timedText42',
  /** The connection is dropped without an answer (a network failure on the way). */
  connectionDropped: 'dropsSocket',
} as const;

const PLAYER_FIXTURES: Record<string, string> = {
  [FAKE_VIDEOS.surfaceGo]: 'youtube.innertube.json.static',
  [FAKE_VIDEOS.ww1]: 'youtube_ww1_nl_en.innertube.json.static',
  [FAKE_VIDEOS.transcriptsDisabled]: 'youtube_transcripts_disabled.innertube.json.static',
  [FAKE_VIDEOS.ageRestricted]: 'youtube_age_restricted.innertube.json.static',
  [FAKE_VIDEOS.unavailable]: 'youtube_video_unavailable.innertube.json.static',
  [FAKE_VIDEOS.requestBlocked]: 'youtube_request_blocked.innertube.json.static',
  [FAKE_VIDEOS.consentOnce]: 'youtube.innertube.json.static',
};

export interface FakeYoutube {
  url: string;
  /** Every request path seen, for asserting what the client asked for. */
  requests: string[];
  close(): Promise<void>;
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file));

/** null (the caller skips with a notice) when the shared fixtures are not on this machine. */
export async function startFakeYoutube(): Promise<FakeYoutube | null> {
  if (!existsSync(J) || !existsSync(C)) return null;
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    void handle(req, res).catch(() => send(res, 500, 'text/plain', 'fake failed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake');
  const v = url.searchParams.get('v') ?? '';
  if (v === FAKE_VIDEOS.connectionDropped) {
    req.socket.destroy();
    return;
  }
  if (req.method === 'GET' && url.pathname === '/watch') {
    const consented = /CONSENT=YES\+/.test(req.headers.cookie ?? '');
    if (v === FAKE_VIDEOS.consentAlways || (v === FAKE_VIDEOS.consentOnce && !consented)) {
      return send(res, 200, 'text/html', read(J, 'youtube_consent_page.html.static'));
    }
    if (v === FAKE_VIDEOS.tooManyRequests) {
      return send(res, 429, 'text/html', read(J, 'youtube_too_many_requests.html.static'));
    }
    return send(res, 200, 'text/html; charset=utf-8', read(J, 'youtube.html.static'));
  }
  if (req.method === 'POST' && url.pathname === '/youtubei/v1/player') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const videoId = (JSON.parse(Buffer.concat(chunks).toString() || '{}') as { videoId?: string })
      .videoId;
    if (videoId === FAKE_VIDEOS.crashCourse || videoId === FAKE_VIDEOS.timedtext429) {
      return send(res, 200, 'application/json', JSON.stringify(playerFor(videoId)));
    }
    const fixture = videoId ? PLAYER_FIXTURES[videoId] : undefined;
    if (!fixture)
      return send(
        res,
        200,
        'application/json',
        read(J, PLAYER_FIXTURES[FAKE_VIDEOS.unavailable] as string),
      );
    return send(res, 200, 'application/json', read(J, fixture));
  }
  if (req.method === 'GET' && url.pathname === '/api/timedtext') {
    if (v === FAKE_VIDEOS.timedtext429) return send(res, 429, 'text/html', 'Too Many Requests');
    if (v === FAKE_VIDEOS.surfaceGo)
      return send(res, 200, 'text/xml', read(J, 'transcript.xml.static'));
    if (v === FAKE_VIDEOS.crashCourse) {
      return url.searchParams.get('fmt') === 'json3'
        ? send(res, 200, 'application/json', read(C, 'homunculus_fxZWtc0mYpQ.json3'))
        : send(res, 200, 'text/xml', read(C, 'homunculus_fxZWtc0mYpQ.srv1.xml'));
    }
    return send(res, 200, 'text/xml', '');
  }
  send(res, 404, 'text/plain', 'not found');
}

/** The captured player response, re-labelled for a video whose captions we hold. */
function playerFor(videoId: string) {
  const player = JSON.parse(read(J, 'youtube.innertube.json.static').toString());
  const track = (kind?: string) => ({
    baseUrl: `https://www.youtube.com/api/timedtext?v=${videoId}&lang=en${kind ? '&kind=asr' : ''}&fmt=srv3`,
    name: { runs: [{ text: kind ? 'English (auto-generated)' : 'English' }] },
    languageCode: 'en',
    ...(kind ? { kind } : {}),
    isTranslatable: true,
  });
  player.videoDetails = {
    ...player.videoDetails,
    videoId,
    title: 'Homunculus: Crash Course Psychology',
  };
  player.captions.playerCaptionsTracklistRenderer.captionTracks = [track(), track('asr')];
  return player;
}
