import { useSyncExternalStore } from 'react';

/** Requests in flight that asked for the global working indicator (spec §7). */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Marks one piece of work as started; the returned function ends it (idempotent). */
export function startWorking(): () => void {
  pending += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    emit();
  };
}

export function useIsWorking(): boolean {
  return useSyncExternalStore(subscribe, () => pending > 0);
}
