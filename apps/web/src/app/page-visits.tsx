import {
  createContext,
  useContext,
  useEffect,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
import { carryNotificationsOverReload } from '@/lib/notify';
import { shouldReloadOnLogin, type RouteRef } from './navigation';

/** The page shown last in this page load; a full reload starts the history afresh. */
const LastShownContext = createContext<RefObject<RouteRef | null> | null>(null);

export function PageVisitsProvider({ children }: { children: ReactNode }) {
  const lastShownRef = useRef<RouteRef | null>(null);
  return <LastShownContext.Provider value={lastShownRef}>{children}</LastShownContext.Provider>;
}

/**
 * Records that a page was really shown (its guard let the visitor in). Arriving at login from
 * such a page reloads fully (spec §2), keeping visible notifications; a page a guard redirected
 * away from before it showed does not count, just as a first load has no previous route.
 */
export function ShownPage({ route, children }: { route: RouteRef | null; children: ReactNode }) {
  const lastShownRef = useContext(LastShownContext);
  useEffect(() => {
    if (lastShownRef === null || route === null) return;
    if (shouldReloadOnLogin(lastShownRef.current, route)) {
      carryNotificationsOverReload();
      window.location.reload();
      return;
    }
    lastShownRef.current = route;
  }, [lastShownRef, route]);
  return children;
}
