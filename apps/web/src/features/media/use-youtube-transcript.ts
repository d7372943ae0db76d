import { MESSAGES, type TranscriptLineDto, YOUTUBE_URL_PATTERN } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { acceptTrained, BOT_LIST_KEY, trainingTarget } from '../bots/index.ts';
import { trainYoutube, youtubeTranscript } from './media.api.ts';

export interface VideoTranscript {
  url: string;
  lines: TranscriptLineDto[];
  chars: number;
}

export type YoutubePhase = 'form' | 'loading' | 'review' | 'failed' | 'training' | 'trained';

/**
 * The YouTube screen's steps: fetch a video's transcript (stage 1), review it, train it
 * (stage 2). `focusUrl` puts the cursor back in the URL field after a problem or a restart.
 */
export function useYoutubeTranscript(kind: 'onboarding' | 'datasource', focusUrl: () => void) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  /** Why the last fetch failed, in the server's words (no captions, unavailable, network …). */
  const [failure, setFailure] = useState('');
  const [phase, setPhase] = useState<YoutubePhase>('form');
  const [result, setResult] = useState<VideoTranscript | null>(null);
  const aborter = useRef<AbortController | null>(null);

  const submit = async () => {
    const value = url.trim();
    if (!value) {
      setError(MESSAGES.enterYoutubeUrl);
      return focusUrl();
    }
    if (!YOUTUBE_URL_PATTERN.test(value)) {
      setError(MESSAGES.validYoutubeUrl);
      return focusUrl();
    }
    setError('');
    setPhase('loading');
    const controller = new AbortController();
    aborter.current = controller;
    try {
      const reply = await youtubeTranscript(value, controller.signal);
      const r = reply.response;
      setResult({ url: value, lines: r.video_transcript, chars: r.num_characters });
      setPhase('review');
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return setPhase('form');
      // A neutral state (docs/spec.md §8) that still says why (issue 17: the reason matters).
      setFailure(errorMessage(err));
      setPhase('failed');
    } finally {
      aborter.current = null;
    }
  };

  const startOver = () => {
    setResult(null);
    setError('');
    setPhase('form');
    requestAnimationFrame(focusUrl);
  };

  const train = async () => {
    if (!result) return;
    setPhase('training');
    try {
      const reply = await trainYoutube(result.url, result.chars, trainingTarget(kind));
      acceptTrained(kind, reply.response);
      void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
      setPhase('trained');
    } catch (err) {
      toast.error(errorMessage(err));
      setPhase('review');
    }
  };

  const cancel = () => aborter.current?.abort();
  return { url, setUrl, error, failure, phase, result, submit, cancel, startOver, train };
}
