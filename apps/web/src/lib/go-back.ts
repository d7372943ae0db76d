import type { NavigateFunction } from 'react-router';

/** "Cancel goes back" (docs/spec.md §2); with no history inside the app, back means `fallback`. */
export function goBackOr(navigate: NavigateFunction, fallback: string): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate(fallback);
}
