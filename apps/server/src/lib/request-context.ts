import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The id of the request (or job) whose work is running now. An HTTP request sets it from its
 * `x-request-id` (or a fresh one); a job enqueued meanwhile carries it to the worker, which runs
 * the job under the same id, so one grep of the JSON logs follows a request into the worker.
 */
const store = new AsyncLocalStorage<{ requestId: string }>();

export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return store.run({ requestId }, fn);
}

/** A caller-supplied id is kept only when it is short and plain (it ends up in every log line). */
export function acceptRequestId(header: unknown): string {
  return typeof header === 'string' && /^[\w.:-]{1,128}$/.test(header) ? header : randomUUID();
}
