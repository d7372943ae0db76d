import {
  MESSAGES,
  SOURCE_TYPES,
  type TrainingResponse,
  type YoutubeTranscriptResponse,
} from '@docent/shared';
import type { AppContext } from '../../http/context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import {
  transcriptCharCount,
  watchUrl,
  type YoutubeSourceInput,
} from '../../ingest/sources/youtube.ts';
import { fetchTranscript, YoutubeError } from '../../ingest/youtube/transcript-client.ts';
import { parseYoutubeVideoId } from '../../ingest/youtube/video-id.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import { startTraining } from '../sources/training.service.ts';
import { ownedBotOrNull } from './media-common.ts';
import { findExtraction, saveExtraction } from './media-extractions.repo.ts';

/** YouTube's side failing (blocking, rate limiting) is a bad gateway; the video's own state is 422. */
const UPSTREAM = new Set([
  'request_blocked',
  'too_many_requests',
  'consent_required',
  'unreadable',
]);

function videoIdOf(url: string): string {
  const id = parseYoutubeVideoId(url);
  if (!id) throw badRequest(MESSAGES.validYoutubeUrl);
  return id;
}

async function fetchAndKeep(
  ctx: AppContext,
  userId: string,
  videoId: string,
): Promise<YoutubeSourceInput> {
  let transcript: Awaited<ReturnType<typeof fetchTranscript>>;
  try {
    transcript = await fetchTranscript(videoId, {
      // Every request to YouTube goes through the SSRF-guarded client.
      fetch: (url, init) => safeFetch(url, init, { timeoutMs: 20_000, maxBytes: 8 * 1024 * 1024 }),
      baseUrl: ctx.env.YOUTUBE_BASE_URL,
    });
  } catch (err) {
    if (err instanceof YoutubeError)
      throw new AppError(UPSTREAM.has(err.code) ? 502 : 422, err.message);
    if (err instanceof Error && err.name === 'SafeFetchError') throw new AppError(502, err.message);
    throw err;
  }
  const input: YoutubeSourceInput = {
    videoId,
    title: transcript.title,
    lines: transcript.lines.map((l) => ({ start: l.start, text: l.text })),
  };
  await saveExtraction(ctx.db, {
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
  ctx: AppContext,
  userId: string,
  body: { url: string; bot_id: string | undefined },
): Promise<YoutubeTranscriptResponse> {
  const videoId = videoIdOf(body.url);
  const bot = await ownedBotOrNull(ctx, userId, body.bot_id);
  const input = await fetchAndKeep(ctx, userId, videoId);
  return {
    video_transcript: input.lines,
    stage: 1,
    num_characters: transcriptCharCount(input.lines),
    botId: bot?.id ?? null,
  };
}

/** upload/youtube stage 2: trains the transcript stage 1 fetched for this video. */
export async function trainYoutube(
  ctx: AppContext,
  userId: string,
  body: { url: string; bot_id: string | undefined },
): Promise<TrainingResponse> {
  const videoId = videoIdOf(body.url);
  // Ownership first: nothing is fetched or extracted for another account's bot.
  await ownedBotOrNull(ctx, userId, body.bot_id);
  const kept = await findExtraction(ctx.db, userId, 'youtube', videoId);
  const input =
    (kept?.result as YoutubeSourceInput | undefined) ?? (await fetchAndKeep(ctx, userId, videoId));
  return startTraining(ctx, {
    userId,
    botId: body.bot_id,
    botName: input.title ?? 'YouTube video',
    type: 'youtube',
    sourceType: SOURCE_TYPES.youtube,
    title: input.title ?? watchUrl(videoId),
    origin: watchUrl(videoId),
    input,
    chars: transcriptCharCount(input.lines),
    documentsTotal: 1,
    stage: 2,
  });
}
