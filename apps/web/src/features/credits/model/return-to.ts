import { readStored, writeStored } from '@/lib/storage';

const KEY = 'roomcraft.credits.returnTo';

/**
 * The design the person was working on when they went to buy credits. A real provider's checkout
 * is another site, so the app reloads on the way back and forgets what it held in memory; this
 * tab's session storage keeps the way back.
 */
export function rememberReturnTo(href: string): void {
  if (href.startsWith('/')) writeStored('session', KEY, href);
}

export function recallReturnTo(): string | null {
  const href = readStored('session', KEY);
  return href?.startsWith('/') && !href.startsWith('//') ? href : null;
}
