import type { StatusUpdateEvent, TrainingProgress } from '@docent/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAppState } from '../../app/app-state.tsx';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { fetchBotStatus } from './knowledge.api.ts';
import './training.css';

const POLL_MS = 1500;

type Phase = 'running' | 'ready' | 'failed';

interface Props {
  botId: string;
  botName: string;
  /** Called once the bot is ready, or when the user chooses not to wait. */
  onContinue: () => void;
  onClose: () => void;
}

/**
 * Shows training progress until the bot is ready. Realtime `status_update` events make it
 * prompt when a socket is connected; polling `upload/status` is the source of truth either way.
 */
export function TrainingDialog({ botId, botName, onContinue, onClose }: Props) {
  const { socket } = useAppState();
  const [progress, setProgress] = useState<Partial<TrainingProgress>>({ status: 'pending' });
  const [phase, setPhase] = useState<Phase>('running');

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (complete: boolean, next: Partial<TrainingProgress> | undefined) => {
      if (stopped) return;
      if (next) setProgress(next);
      if (complete || next?.status === 'trained') setPhase('ready');
      else if (next?.status === 'failed') setPhase('failed');
    };
    const poll = async () => {
      try {
        const reply = await fetchBotStatus(botId);
        const r = reply.response;
        apply(Boolean(r?.processing_complete), r?.progress);
        if (r?.processing_complete || r?.progress?.status === 'failed') return;
      } catch {
        // A blip while polling is not a training failure; try again.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    const onUpdate = (event: StatusUpdateEvent) => {
      if (String(event.bot_id) === botId) apply(event.processing_complete, event);
    };
    socket?.on('status_update', onUpdate);
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.off('status_update', onUpdate);
    };
  }, [botId, socket]);

  useEffect(() => {
    if (phase !== 'ready') return;
    const t = setTimeout(onContinue, 700);
    return () => clearTimeout(t);
  }, [phase, onContinue]);

  const done = progress.documents_done ?? 0;
  const total = progress.documents_total ?? null;
  const percent =
    phase === 'ready'
      ? 100
      : total && done > 0
        ? Math.min(99, Math.round((done / total) * 100))
        : null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && phase !== 'running' && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog dialog--sm"
          onEscapeKeyDown={(e) => phase === 'running' && e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <Dialog.Title className="dialog__title">
            {phase === 'ready'
              ? 'Your chatbot is ready'
              : phase === 'failed'
                ? 'Training failed'
                : 'Training your chatbot'}
          </Dialog.Title>
          <Dialog.Description className="dialog__description">
            {botName ? `${botName} is ` : 'Your chatbot is '}
            {phase === 'failed' ? 'not fully trained.' : 'learning from your content.'}
          </Dialog.Description>
          <div className="kb-progress">
            <div
              className={`kb-progress__bar${percent === null ? ' kb-progress__bar--indeterminate' : ''}`}
              role="progressbar"
              aria-label="Training progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
            >
              <div
                className="kb-progress__fill"
                style={percent === null ? undefined : { width: `${percent}%` }}
              />
            </div>
            <p className="kb-progress__status" role="status">
              {phase === 'running' && (
                <>
                  <Spinner size={16} />
                  {total
                    ? `Indexed ${done} of ${total} documents`
                    : 'Reading and indexing your content…'}
                </>
              )}
              {phase === 'ready' && (
                <>
                  <CircleCheck size={18} className="kb-progress__done" aria-hidden="true" />
                  Trained. Opening the preview…
                </>
              )}
              {phase === 'failed' && (
                <>
                  <CircleAlert size={18} className="kb-progress__failed" aria-hidden="true" />
                  {progress.error || 'Some content could not be trained.'}
                </>
              )}
            </p>
          </div>
          <div className="dialog__actions">
            {phase === 'failed' ? (
              <>
                <Button variant="secondary" onClick={onClose}>
                  Close
                </Button>
                <Button onClick={onContinue}>Go to preview</Button>
              </>
            ) : (
              <Button variant="secondary" onClick={onContinue} disabled={phase === 'ready'}>
                Continue in background
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
