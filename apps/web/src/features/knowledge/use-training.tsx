import type { OkReply, TrainingResponse } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { getSession, setSession } from '../../lib/session.ts';
import { BOT_LIST_KEY } from '../bots/index.ts';
import { TrainingDialog } from './TrainingDialog.tsx';

type TrainingCall = (botId: string | null) => Promise<OkReply<TrainingResponse>>;

/**
 * Sends a training call for the stored bot (none: the server creates one), stores the bot it
 * names (docs/spec.md §4), then shows progress until the bot is ready and opens /preview.
 */
export function useTraining(): {
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
        const reply = await call(getSession().bot_id ?? null);
        const { botId } = reply.response;
        const name = reply.response.bot_name || getSession().bot_name || '';
        setSession({ bot_id: botId, bot_name: name });
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
    [queryClient],
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
