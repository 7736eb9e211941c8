import { EngineError } from '@roomcraft/engine';

/**
 * Runs an engine call that must finish within `timeoutMs`. The signal asks the engine to stop;
 * the race answers at the deadline even if an engine does not listen. `stop` ends it early (a
 * shutdown), as the deadline would.
 */
export async function withDeadline<T>(
  timeoutMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  stop?: AbortSignal,
): Promise<T> {
  // A timer of our own, not AbortSignal.timeout combined by AbortSignal.any: the combined
  // signal holds its sources weakly, and a collected timeout signal never fires.
  const controller = new AbortController();
  let expire!: () => void;
  const deadline = new Promise<never>((_, reject) => {
    expire = () => {
      reject(new EngineError('timeout', 'The image engine did not answer in time'));
      controller.abort();
    };
  });
  // The race settles at once; nobody waits on the deadline afterwards.
  deadline.catch(() => undefined);
  const timer = setTimeout(expire, timeoutMs);
  const onStop = () => expire();
  if (stop?.aborted) onStop();
  stop?.addEventListener('abort', onStop, { once: true });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', onStop);
  }
}
