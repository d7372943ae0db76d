import { CircleCheck, CirclePlay, Trash2, VideoOff } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { CharacterCount, PanelFooter } from '../../components/PanelFooter.tsx';
import type { KnowledgeFlow } from '../knowledge/index.ts';
import { KnowledgeFrame } from '../knowledge/index.ts';
import { ElapsedProgress } from './ElapsedProgress.tsx';
import { useYoutubeTranscript, type VideoTranscript } from './use-youtube-transcript.ts';
import './transcript.css';

/** Start time as m:ss (h:mm:ss past an hour). */
export function timestamp(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`;
}

/**
 * /youtube and /datasource/youtube (docs/spec.md §2, §4): fetch a video's transcript, review it, then
 * continue (stage 2) and check the bot's status. A failed fetch hides continue and check.
 */
export function YoutubeTranscript({ flow, back }: { flow: KnowledgeFlow; back: string }) {
  const navigate = useNavigate();
  const ids = useId();
  const urlId = `${ids}-url`;
  const yt = useYoutubeTranscript(flow.kind, () => document.getElementById(urlId)?.focus());
  const { phase, result } = yt;
  const reviewing = phase === 'review' || phase === 'training' || phase === 'trained';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void yt.submit();
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
              id={urlId}
              label="YouTube video URL"
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=…"
              value={yt.url}
              error={yt.error}
              hint="Watch, youtu.be, Shorts and embed links all work."
              disabled={phase === 'loading'}
              onChange={(e) => yt.setUrl(e.target.value)}
            />
            {phase === 'loading' ? (
              <ElapsedProgress label="Fetching the transcript…" onCancel={yt.cancel} />
            ) : (
              <div className="kb-form__actions">
                <div className="kb-form__actions-end">
                  <Button type="submit">Get Transcript</Button>
                </div>
              </div>
            )}
          </form>
        )}
        {phase === 'failed' && <NoTranscript reason={yt.failure} onRetry={yt.startOver} />}
        {result && reviewing && (
          <TranscriptLines result={result} onDelete={phase === 'review' ? yt.startOver : null} />
        )}
        {phase === 'trained' && (
          <div className="md-done" role="status">
            <CircleCheck size={20} aria-hidden="true" />
            <p>Training started. Your chatbot is learning from this video.</p>
          </div>
        )}
        {result && reviewing && (
          <PanelFooter count={<CharacterCount value={result.chars.toLocaleString('en-US')} />}>
            {phase === 'trained' ? (
              <Button onClick={() => navigate('/preview')}>Check status</Button>
            ) : (
              <Button onClick={() => void yt.train()} loading={phase === 'training'}>
                Continue
              </Button>
            )}
          </PanelFooter>
        )}
      </section>
    </KnowledgeFrame>
  );
}

function NoTranscript({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  return (
    <div className="kb-empty md-failed" data-testid="youtube-error">
      <span className="kb-empty__icon md-failed__icon" aria-hidden="true">
        <VideoOff size={24} />
      </span>
      <p className="kb-empty__title">No transcript available</p>
      <p>{reason || 'We could not get a transcript for this video.'} Try another video.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try another video
      </Button>
    </div>
  );
}

/** The fetched lines with their start times; deletable while under review. */
function TranscriptLines({
  result,
  onDelete,
}: {
  result: VideoTranscript;
  onDelete: (() => void) | null;
}) {
  return (
    <div className="md-transcript">
      <div className="md-transcript__head">
        <div className="md-transcript__heading">
          <CirclePlay size={18} aria-hidden="true" />
          <h2 className="md-transcript__title">Transcript</h2>
          <span className="md-transcript__url" title={result.url}>
            {result.url}
          </span>
        </div>
        {onDelete && (
          <button
            type="button"
            className="icon-button icon-button--danger"
            aria-label="Delete transcript"
            title="Delete transcript"
            onClick={onDelete}
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
  );
}
