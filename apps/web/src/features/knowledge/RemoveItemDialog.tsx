import type { TrainedItem } from '@docent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import { BOT_LIST_KEY } from '../bots/index.ts';
import { removeTrainedItem } from './knowledge.api.ts';

/** Asks before removing a trained item, removes it, then refreshes its list and the bot list. */
export function RemoveItemDialog({
  botId,
  item,
  listKey,
  onClose,
}: {
  botId: string;
  item: TrainedItem | null;
  listKey: readonly unknown[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const onConfirm = async () => {
    if (!item) return;
    setDeleting(true);
    try {
      const reply = await removeTrainedItem(botId, item.title);
      if (reply.message) toast.success(reply.message);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setDeleting(false);
      onClose();
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
    }
  };
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && !deleting && onClose()}
      title="Delete trained item?"
      description={
        item ? `“${item.title}” will be removed from what your chatbot knows.` : undefined
      }
      confirmLabel="Delete"
      danger
      busy={deleting}
      onConfirm={onConfirm}
    />
  );
}
