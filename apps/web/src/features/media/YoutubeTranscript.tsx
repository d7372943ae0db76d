import { MESSAGES, type TranscriptLineDto, YOUTUBE_URL_PATTERN } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CirclePlay, Trash2, VideoOff } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { getSession, setSession } from '../../app/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { BOT_LIST_KEY } from '../bots/bots.api.ts';
import type { KnowledgeFlow } from '../knowledge/flows.ts';
import { KnowledgeFrame } from '../knowledge/KnowledgeFrame.tsx';
import { trainedBot } from '../knowledge/knowledge.api.ts';
import { ElapsedProgress } from './ElapsedProgress.tsx';
import { trainYoutube, youtubeTranscript } from './media.api.ts';
import './media.css';

interface Result {
  url: string;
  lines: TranscriptLineDto[];
  chars: number;
}

type Phase = 'form' | 'loading' | 'review' | 'failed' | 'training' | 'trained';

/** Start time as m:ss (h:mm:ss past an hour). */
export function timestamp(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`;
}

/**
 * /youtube and /datasource/youtube (spec §2, §4): fetch a video's transcript, review it, then
 * continue (stage 2) and check the bot's status. A failed fetch hides continue and check.
 */
export function YoutubeTranscript({ flow, back }: { flow: KnowledgeFlow; back: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  const [phase, setPhase] = useState<Phase>('form');
  const [result, setResult] = useState<Result | null>(null);
  const aborter = useRef<AbortController | null>(null);

  const focusUrl = () => document.getElementById(`${ids}-url`)?.focus();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
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
      const reply = await youtubeTranscript(value, getSession().bot_id ?? null, controller.signal);
      const r = reply.response;
      if (reply.hasError || !r) return setPhase('failed');
      const chars = r.num_characters ?? r.video_transcript.reduce((n, l) => n + l.text.length, 0);
      setResult({ url: value, lines: r.video_transcript, chars });
      setPhase('review');
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return setPhase('form');
      // Spec §8: on hasError the message text is not shown; a neutral state is.
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

  const onContinue = async () => {
    if (!result) return;
    setPhase('training');
    try {
      const reply = await trainYoutube(result.url, result.chars, getSession().bot_id ?? null);
      const bot = reply.hasError ? null : trainedBot(reply);
      if (!bot) {
        setPhase('failed');
        return;
      }
      setSession({ bot_id: bot.id, bot_name: bot.name || getSession().bot_name || '' });
      void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
      setPhase('trained');
    } catch (err) {
      toast.error(errorMessage(err));
      setPhase('review');
    }
  };

  return (
    <KnowledgeFrame
      flow={flow}
      title="Youtube"
      description="Train your chatbot on what is said in a YouTube video."
      back={{ to: back, label: 'Back' }}
    >
      <section className="panel kb-panel" aria-label="YouTube transcript">
        {(phase === 'form' || phase === 'loading') && (
          <form className="kb-form" onSubmit={onSubmit} noValidate>
            <TextField
              id={`${ids}-url`}
              label="YouTube video URL"
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=…"
              value={url}
              error={error}
              hint="Watch, youtu.be, Shorts and embed links all work."
              disabled={phase === 'loading'}
              onChange={(e) => setUrl(e.target.value)}
            />
            {phase === 'loading' ? (
              <ElapsedProgress
                label="Fetching the transcript…"
                onCancel={() => aborter.current?.abort()}
              />
            ) : (
              <div className="kb-form__actions">
                <div className="kb-form__actions-end">
                  <Button type="submit">Get Transcript</Button>
                </div>
              </div>
            )}
          </form>
        )}

        {phase === 'failed' && (
          <div className="kb-empty md-failed" data-testid="youtube-error">
            <span className="kb-empty__icon md-failed__icon" aria-hidden="true">
              <VideoOff size={24} />
            </span>
            <p className="kb-empty__title">No transcript available</p>
            <p>We could not get a transcript for this video. Try another video.</p>
            <Button variant="secondary" size="sm" onClick={startOver}>
              Try another video
            </Button>
          </div>
        )}

        {result && phase !== 'form' && phase !== 'loading' && phase !== 'failed' && (
          <div className="md-transcript">
            <div className="md-transcript__head">
              <div className="md-transcript__heading">
                <CirclePlay size={18} aria-hidden="true" />
                <h2 className="md-transcript__title">Transcript</h2>
                <span className="md-transcript__url" title={result.url}>
                  {result.url}
                </span>
              </div>
              {phase === 'review' && (
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label="Delete transcript"
                  title="Delete transcript"
                  onClick={startOver}
                >
                  <Trash2 size={17} />
                </button>
              )}
            </div>
            <ol className="md-lines" aria-label="Transcript lines">
              {result.lines.map((line, i) => (
                // Lines are fixed once fetched; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: the transcript never reorders
                <li key={i} className="md-line">
                  <time className="md-line__time">{timestamp(line.start)}</time>
                  <span className="md-line__text">{line.text}</span>
                </li>
              ))}
            </ol>
          </div>
        )}

        {phase === 'trained' && (
          <div className="md-done" role="status">
            <CircleCheck size={20} aria-hidden="true" />
            <p>Training started. Your chatbot is learning from this video.</p>
          </div>
        )}

        {result && (phase === 'review' || phase === 'training' || phase === 'trained') && (
          <footer className="kb-footer">
            <p className="kb-count" data-testid="char-count">
              Characters <strong>{result.chars.toLocaleString('en-US')}</strong>
            </p>
            <div className="kb-footer__actions">
              {phase === 'trained' ? (
                <Button onClick={() => navigate('/preview')}>Check status</Button>
              ) : (
                <Button onClick={onContinue} loading={phase === 'training'}>
                  Continue
                </Button>
              )}
            </div>
          </footer>
        )}
      </section>
    </KnowledgeFrame>
  );
}
