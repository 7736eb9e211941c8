import { createContext, useContext, useState, type ReactNode } from 'react';
import { m, type TargetAndTransition } from 'motion/react';
import { useLocation } from 'react-router';
import type { PageTransition } from '@/config/paths';
import { transitionFor, type RouteRef } from './navigation';

const TransitionContext = createContext<PageTransition | null>(null);
export const TransitionProvider = TransitionContext.Provider;

/** How far a page slides in: enough to read as movement, little enough to stay calm. */
const SLIDE = 32;
const entrances: Record<PageTransition, TargetAndTransition> = {
  'slide-left': { x: SLIDE, opacity: 0 },
  'slide-right': { x: -SLIDE, opacity: 0 },
  fade: { opacity: 0 },
};

/**
 * The transition for the page on screen, from the previous named page's path (spec §2).
 * Unnamed paths (/, /do) only redirect, so they are not a "previous page".
 */
export function usePageTransition(current: RouteRef | null): PageTransition | null {
  const { pathname } = useLocation();
  const [seen, setSeen] = useState<{ pathname: string; previous: string | null } | null>(null);
  if (current !== null && seen?.pathname !== pathname) {
    // Recording the previous path while rendering is React's pattern for "value from last render".
    setSeen({ pathname, previous: seen?.pathname ?? null });
  }
  return transitionFor(seen?.previous ?? null, pathname, current?.name);
}

/** Animates each page in as it arrives. Entrances only: leaving pages never delay the next. */
export function AnimatedPage({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const transition = useContext(TransitionContext);
  return (
    <m.div
      key={pathname}
      initial={transition === null ? false : entrances[transition]}
      animate={{ x: 0, opacity: 1 }}
      transition={{ duration: 0.32, ease: [0.22, 1, 0.36, 1] }}
      style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      {children}
    </m.div>
  );
}
