/**
 * Saves of one changeable value (a vote on an answer), one at a time, the last one asked for
 * winning. A visitor pressing thumbs up, down, down again and up sends four saves; sent at once
 * they may reach the server in any order and leave it holding one taken back. Here each waits
 * for the one before, and a save that a newer one has overtaken by its turn is not sent.
 *
 * The promise of a call settles when its turn is over: it rejects only when its save was the
 * last asked for and failed (the caller then shows the value before it again); an overtaken
 * one resolves, the newer call reporting for both.
 */
export function latestSave<T>(save: (value: T) => Promise<unknown>): (value: T) => Promise<void> {
  let queue: Promise<unknown> = Promise.resolve();
  let latest = 0;
  return (value) => {
    const id = ++latest;
    const turn = queue.then(() => (id === latest ? save(value) : undefined));
    queue = turn.catch(() => undefined);
    return turn.then(
      () => undefined,
      (err: unknown) => {
        if (id === latest) throw err;
      },
    );
  };
}
