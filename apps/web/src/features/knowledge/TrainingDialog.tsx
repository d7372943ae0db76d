import type { TrainingProgress } from '@docent/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { type TrainingPhase, useTrainingProgress } from './use-training-progress.ts';

interface Props {
  botId: string;
  botName: string;
  /** Called once the bot is ready, or when the user chooses not to wait. */
  onContinue: () => void;
  onClose: () => void;
}

/** Shows training progress until the bot is ready, then continues to the preview by itself. */
export function TrainingDialog({ botId, botName, onContinue, onClose }: Props) {
  const { progress, phase } = useTrainingProgress(botId);

  useEffect(() => {
    if (phase !== 'ready') return;
    const t = setTimeout(onContinue, 700);
    return () => clearTimeout(t);
  }, [phase, onContinue]);

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
          <TrainingProgressBar progress={progress} phase={phase} />
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

function TrainingProgressBar({
  progress,
  phase,
}: {
  progress: Partial<TrainingProgress>;
  phase: TrainingPhase;
}) {
  const done = progress.documents_done ?? 0;
  const total = progress.documents_total ?? null;
  const percent =
    phase === 'ready'
      ? 100
      : total && done > 0
        ? Math.min(99, Math.round((done / total) * 100))
        : null;
  return (
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
            {total ? `Indexed ${done} of ${total} documents` : 'Reading and indexing your content…'}
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
  );
}
