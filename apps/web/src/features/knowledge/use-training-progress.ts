import type { StatusUpdateEvent, TrainingProgress } from '@docent/shared';
import { useEffect, useState } from 'react';
import { useAppState } from '../../lib/app-state.tsx';
import { fetchBotStatus } from '../bots/index.ts';

const POLL_MS = 1500;

export type TrainingPhase = 'running' | 'ready' | 'failed';

/**
 * A bot's training progress until it is trained or failed. Realtime `status_update` events make
 * it prompt when a socket is connected; polling `upload/status` is the source of truth either way.
 */
export function useTrainingProgress(botId: string) {
  const { socket } = useAppState();
  const [progress, setProgress] = useState<Partial<TrainingProgress>>({ status: 'pending' });
  const [phase, setPhase] = useState<TrainingPhase>('running');

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
        const r = (await fetchBotStatus(botId)).response;
        apply(r.processing_complete, r.progress);
        if (r.processing_complete || r.progress.status === 'failed') return;
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

  return { progress, phase };
}
