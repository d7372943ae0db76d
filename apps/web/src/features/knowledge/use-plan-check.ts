import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api.ts';
import { checkBotPrivilege } from './knowledge.api.ts';

/**
 * 'New AI Chatbot' (docs/spec.md §2, §7): ask the plan whether one more bot fits; on success run
 * `onAllowed` (the data-source selection), otherwise toast the server's message (docs/spec.md §8).
 */
export function usePlanCheck(): {
  check: (onAllowed: () => void) => Promise<void>;
  checking: boolean;
} {
  const [checking, setChecking] = useState(false);
  const check = useCallback(async (onAllowed: () => void) => {
    setChecking(true);
    try {
      await checkBotPrivilege();
      onAllowed();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setChecking(false);
    }
  }, []);
  return { check, checking };
}
