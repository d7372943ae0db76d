import { type CaptionTrack, chooseCaptionTrack } from './caption-track.ts';
import { parseTimedText, type TranscriptLine } from './timedtext.ts';

/** fetch-compatible; the server injects the SSRF-guarded client, tests a local fake. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export type YoutubeErrorCode =
  | 'transcripts_disabled'
  | 'video_unavailable'
  | 'age_restricted'
  | 'request_blocked'
  | 'too_many_requests'
  | 'consent_required'
  | 'unplayable'
  | 'unreadable'
  | 'network'
  | 'timeout';

const MESSAGES: Record<YoutubeErrorCode, string> = {
  transcripts_disabled: 'Transcripts are disabled for this video.',
  video_unavailable: 'This video is unavailable.',
  age_restricted: 'This video is age-restricted, so its transcript cannot be read.',
  request_blocked: 'YouTube blocked the request from our server. Please try again later.',
  too_many_requests:
    'YouTube is receiving too many requests from our server. Please try again later.',
  consent_required: 'YouTube asked for a cookie consent we could not give. Please try again later.',
  unplayable: 'This video cannot be played, so its transcript cannot be read.',
  unreadable: 'The transcript of this video could not be read.',
  network: 'We could not reach YouTube (network error). Please try again later.',
  timeout: 'YouTube took too long to answer. Please try again later.',
};

/** Its message is safe to show to the user. */
export class YoutubeError extends Error {
  constructor(
    readonly code: YoutubeErrorCode,
    detail?: string,
    options?: { cause?: unknown },
  ) {
    super(detail ? `${MESSAGES[code]} (${detail})` : MESSAGES[code], options);
    this.name = 'YoutubeError';
  }
}

/**
 * What went wrong on the way to YouTube, said as such: the fetch client's own messages speak of
 * "this website" (they are written for crawling), which is not what a YouTube user typed.
 */
function transportError(err: unknown): YoutubeError {
  if (err instanceof YoutubeError) return err;
  const code = (err as { code?: unknown; name?: unknown } | null)?.code;
  const name = (err as { name?: unknown } | null)?.name;
  if (code === 'timeout' || name === 'TimeoutError') {
    return new YoutubeError('timeout', undefined, { cause: err });
  }
  if (code === 'too_large') return new YoutubeError('unreadable', 'too large', { cause: err });
  return new YoutubeError('network', undefined, { cause: err });
}

export interface Transcript {
  videoId: string;
  title: string | null;
  languageCode: string;
  generated: boolean;
  lines: TranscriptLine[];
}

export interface TranscriptClientOptions {
  fetch: FetchLike;
  /** YouTube's origin (YOUTUBE_BASE_URL); tests point it at a fake server. */
  baseUrl: string;
}

const ANDROID_CLIENT = { clientName: 'ANDROID', clientVersion: '20.10.38' };

/**
 * Reads a video's captions the way YouTube's own players do: the watch page gives the
 * innertube key, the innertube player response lists the caption tracks, and the chosen
 * track's timedtext is fetched. Every request goes through the injected fetch.
 */
export async function fetchTranscript(
  videoId: string,
  opts: TranscriptClientOptions,
): Promise<Transcript> {
  try {
    return await readTranscript(videoId, opts);
  } catch (err) {
    throw transportError(err);
  }
}

async function readTranscript(videoId: string, opts: TranscriptClientOptions): Promise<Transcript> {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const html = await fetchWatchPage(videoId, base, opts.fetch);
  const apiKey = /"INNERTUBE_API_KEY":\s*"([A-Za-z0-9_-]+)"/.exec(html)?.[1];
  if (!apiKey) throw new YoutubeError('unreadable');
  const player = await postJson(
    `${base}/youtubei/v1/player?key=${encodeURIComponent(apiKey)}`,
    { context: { client: { ...ANDROID_CLIENT, hl: 'en' } }, videoId },
    opts.fetch,
  );
  checkPlayability(player);
  const tracks: CaptionTrack[] =
    player.captions?.playerCaptionsTracklistRenderer?.captionTracks?.filter(
      (t: CaptionTrack) => typeof t?.baseUrl === 'string',
    ) ?? [];
  const track = chooseCaptionTrack(tracks);
  if (!track) throw new YoutubeError('transcripts_disabled');
  const res = await opts.fetch(captionUrl(track.baseUrl, base), { headers: HEADERS });
  if (res.status === 429) throw new YoutubeError('too_many_requests');
  if (!res.ok) throw new YoutubeError('unreadable', `HTTP ${res.status}`);
  const lines = parseTimedText(await res.text());
  if (lines.length === 0) throw new YoutubeError('transcripts_disabled');
  return {
    videoId,
    title: typeof player.videoDetails?.title === 'string' ? player.videoDetails.title : null,
    languageCode: track.languageCode,
    generated: track.kind === 'asr',
    lines,
  };
}

const HEADERS = { 'accept-language': 'en-US,en;q=0.8' };

async function fetchWatchPage(videoId: string, base: string, http: FetchLike): Promise<string> {
  const url = `${base}/watch?v=${encodeURIComponent(videoId)}`;
  let html = await getText(url, {}, http);
  if (isConsentPage(html)) {
    // EU visitors get a consent form first; answering it is a cookie, as a browser would send.
    const v = /name="v" value="(.*?)"/.exec(html)?.[1];
    if (!v) throw new YoutubeError('consent_required');
    html = await getText(url, { cookie: `CONSENT=YES+${v}` }, http);
    if (isConsentPage(html)) throw new YoutubeError('consent_required');
  }
  if (html.includes('class="g-recaptcha"')) throw new YoutubeError('too_many_requests');
  return html;
}

const isConsentPage = (html: string) => html.includes('action="https://consent.youtube.com/s"');

async function getText(url: string, headers: Record<string, string>, http: FetchLike) {
  const res = await http(url, { headers: { ...HEADERS, ...headers } });
  if (res.status === 429) throw new YoutubeError('too_many_requests');
  if (!res.ok) throw new YoutubeError('unreadable', `HTTP ${res.status}`);
  return res.text();
}

// biome-ignore lint/suspicious/noExplicitAny: innertube responses are large, untyped JSON.
async function postJson(url: string, body: unknown, http: FetchLike): Promise<any> {
  const res = await http(url, {
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status === 429) throw new YoutubeError('too_many_requests');
  if (!res.ok) throw new YoutubeError('unreadable', `HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new YoutubeError('unreadable');
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see postJson.
function checkPlayability(player: any): void {
  const status: string | undefined = player?.playabilityStatus?.status;
  const reason: string = player?.playabilityStatus?.reason ?? '';
  if (!status || status === 'OK') return;
  if (/not a bot/i.test(reason)) throw new YoutubeError('request_blocked');
  if (status === 'LOGIN_REQUIRED' && /inappropriate|age/i.test(reason)) {
    throw new YoutubeError('age_restricted');
  }
  if (status === 'ERROR' || /unavailable/i.test(reason))
    throw new YoutubeError('video_unavailable');
  if (status === 'LOGIN_REQUIRED') throw new YoutubeError('request_blocked');
  throw new YoutubeError('unplayable', reason || undefined);
}

/**
 * Caption URLs come back absolute on youtube.com; they are re-based on the configured origin
 * (so a fake YouTube serves them too) and never followed to any other host. srv1 is asked for.
 */
function captionUrl(baseUrl: string, base: string): string {
  const url = new URL(baseUrl, base);
  const target = new URL(`${url.pathname}${url.search}`, base);
  target.searchParams.delete('fmt');
  return target.href;
}
