import { type FeedbackRating, latestSave, type Vote } from '@docent/shared/core';
import { h, ICONS, icon } from './dom.ts';

/**
 * Thumbs up and down on the caption line of an answer (fixed size: nothing moves when one is
 * pressed). One vote, changeable; pressing the chosen one again takes it back. A vote that
 * cannot be saved is put back, and `save` rejects so the caller can say why. Saves go one at
 * a time, the last one pressed winning: sent at once, they may reach the server in any order.
 */
export function addVotes(
  caption: HTMLElement,
  rating: FeedbackRating,
  save: (rating: FeedbackRating) => Promise<unknown>,
): void {
  // One save at a time, the last one pressed winning (latestSave).
  const send = latestSave(save);
  const show = (r: FeedbackRating) => {
    rating = r;
    up.setAttribute('aria-pressed', String(r === 'up'));
    down.setAttribute('aria-pressed', String(r === 'down'));
  };
  const button = (r: Vote, label: string) => {
    const b = h('button', { type: 'button', 'aria-label': label }, icon(ICONS.thumb));
    b.onclick = () => {
      const before = rating;
      show(rating === r ? null : r);
      send(rating).catch(() => show(before));
    };
    return b;
  };
  const up = button('up', 'Helpful');
  const down = button('down', 'Not helpful');
  show(rating);
  caption.append(
    h('span', { class: 'y', role: 'group', 'aria-label': 'Rate this answer' }, up, down),
  );
}
