import type { OkReply, TrainingResponse, TrainingTarget } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { acceptTrained, BOT_LIST_KEY, trainingTarget } from '../bots/index.ts';
import type { KnowledgeFlow } from './flows.ts';
import { TrainingDialog } from './TrainingDialog.tsx';

type TrainingCall = (target: TrainingTarget) => Promise<OkReply<TrainingResponse>>;

/**
 * Sends a training call for the bot the screen adds to (see trainingTarget), stores the bot it
 * names (docs/spec.md §4), then shows progress until the bot is ready and opens /preview.
 */
export function useTraining(kind: KnowledgeFlow['kind']): {
  train: (call: TrainingCall, onAccepted?: () => void) => Promise<void>;
  busy: boolean;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [bot, setBot] = useState<{ id: string; name: string } | null>(null);

  const train = useCallback(
    async (call: TrainingCall, onAccepted?: () => void) => {
      setBusy(true);
      try {
        const reply = await call(trainingTarget(kind));
        const { botId } = reply.response;
        const name = acceptTrained(kind, reply.response);
        if (reply.message) toast.success(reply.message);
        onAccepted?.();
        void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
        setBot({ id: botId, name });
      } catch (err) {
        toast.error(errorMessage(err));
      } finally {
        setBusy(false);
      }
    },
    [queryClient, kind],
  );

  const openPreview = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
    navigate('/preview');
  }, [navigate, queryClient]);

  const dialog = bot ? (
    <TrainingDialog
      botId={bot.id}
      botName={bot.name}
      onContinue={openPreview}
      onClose={() => setBot(null)}
    />
  ) : null;

  return { train, busy, dialog };
}
