import {
  MESSAGES,
  SOURCE_TYPES,
  type TrainingResponse,
  type YoutubeTranscriptResponse,
} from '@docent/shared';
import {
  transcriptCharCount,
  watchUrl,
  type YoutubeSourceInput,
} from '../../ingest/sources/youtube.ts';
import { fetchTranscript, YoutubeError } from '../../ingest/youtube/transcript-client.ts';
import { parseYoutubeVideoId } from '../../ingest/youtube/video-id.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import type { EnvOf, ServiceDeps } from '../service-deps.ts';
import { type BotTarget, startTraining } from '../sources/training.service.ts';
import { ownedBotOrNull } from './media-common.ts';
import { findExtraction, saveExtraction } from './media-extractions.repo.ts';

/** YouTube's side failing (blocking, rate limiting) is a bad gateway; the video's own state is 422. */
const UPSTREAM = new Set([
  'request_blocked',
  'too_many_requests',
  'consent_required',
  'unreadable',
  'network',
  'timeout',
]);

function videoIdOf(url: string): string {
  const id = parseYoutubeVideoId(url);
  if (!id) throw badRequest(MESSAGES.validYoutubeUrl);
  return id;
}

async function fetchAndKeep(
  deps: Pick<ServiceDeps, 'db' | 'log'> & EnvOf<'YOUTUBE_BASE_URL'>,
  userId: string,
  videoId: string,
): Promise<YoutubeSourceInput> {
  let transcript: Awaited<ReturnType<typeof fetchTranscript>>;
  try {
    transcript = await fetchTranscript(videoId, {
      // Every request to YouTube goes through the SSRF-guarded client.
      fetch: (url, init) => safeFetch(url, init, { timeoutMs: 20_000, maxBytes: 8 * 1024 * 1024 }),
      baseUrl: deps.env.YOUTUBE_BASE_URL,
    });
  } catch (err) {
    if (!(err instanceof YoutubeError)) throw err;
    const upstream = UPSTREAM.has(err.code);
    // The owner sees the reason; the operator needs it too (blocking, a network outage …).
    deps.log[upstream ? 'warn' : 'info'](
      { videoId, code: err.code, err: err.cause ?? err },
      'YouTube transcript could not be read',
    );
    throw new AppError(upstream ? 502 : 422, err.message);
  }
  const input: YoutubeSourceInput = {
    videoId,
    title: transcript.title,
    lines: transcript.lines.map((l) => ({ start: l.start, text: l.text })),
  };
  await saveExtraction(deps.db, {
    userId,
    kind: 'youtube',
    contentKey: videoId,
    result: input,
    charCount: transcriptCharCount(input.lines),
  });
  return input;
}

/** upload/youtube stage 1: the video's transcript lines with their start times. */
export async function youtubeTranscript(
  deps: Pick<ServiceDeps, 'db' | 'log'> & EnvOf<'YOUTUBE_BASE_URL'>,
  userId: string,
  body: { url: string; bot_id: string | undefined },
): Promise<YoutubeTranscriptResponse> {
  const videoId = videoIdOf(body.url);
  const bot = await ownedBotOrNull(deps, userId, body.bot_id);
  const input = await fetchAndKeep(deps, userId, videoId);
  return {
    video_transcript: input.lines,
    stage: 1,
    num_characters: transcriptCharCount(input.lines),
    botId: bot?.id ?? null,
  };
}

/** upload/youtube stage 2: trains the transcript stage 1 fetched for this video. */
export async function trainYoutube(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'jobs'> & EnvOf<'YOUTUBE_BASE_URL'>,
  userId: string,
  body: BotTarget & { url: string },
): Promise<TrainingResponse> {
  const videoId = videoIdOf(body.url);
  // Ownership first: nothing is fetched or extracted for another account's bot.
  await ownedBotOrNull(deps, userId, body.bot_id);
  const kept = await findExtraction(deps.db, userId, 'youtube', videoId);
  const input = kept?.result ?? (await fetchAndKeep(deps, userId, videoId));
  return startTraining(deps, {
    userId,
    target: body,
    botName: input.title ?? 'YouTube video',
    sourceType: SOURCE_TYPES.youtube,
    title: input.title ?? watchUrl(videoId),
    origin: watchUrl(videoId),
    source: { type: 'youtube', input },
    chars: transcriptCharCount(input.lines),
    documentsTotal: 1,
    stage: 2,
  });
}
