/**
 * Remembers the results of a pure function of a string, up to `limit` of them, and forgets
 * them all when full. Clearing instead of evicting one by one keeps the hit path to a single
 * map lookup; the keys these memos serve (stems, class strings, recent passages' texts)
 * repeat within seconds, so a cleared memo refills from the next few calls.
 * `keep` says which keys are worth remembering (the rest are computed every time).
 */
export function boundedMemo<V>(
  limit: number,
  compute: (key: string) => V,
  keep: (key: string) => boolean = () => true,
): (key: string) => V {
  const memo = new Map<string, V>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined) {
      value = compute(key);
      if (keep(key)) {
        if (memo.size >= limit) memo.clear();
        memo.set(key, value);
      }
    }
    return value;
  };
}
