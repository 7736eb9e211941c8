import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { DEFAULT_ROUTE, hrefFor, type RouteAccess } from '@/config/paths';
import { loginHrefFor } from './navigation';
import { ShownPage } from './page-visits';
import { useCurrentRoute } from './use-current-route';

/**
 * The guards of spec §6, decided on arrival at a page (each guarded route mounts its own guard).
 * Guests opening a guarded page go to login carrying next and id; people in session opening a
 * guest page go to the default route. Leaving a session later is always a navigation of its own
 * (logout and account deletion go to login, a 401 goes to login with next and id), so a guard
 * must not race it; and a login with next=false may stay where it is.
 */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const current = useCurrentRoute();
  const [arrivedInSession] = useState(() => useAuthStore.getState().inSession);

  if (access === 'user' && !arrivedInSession)
    return <Navigate to={loginHrefFor(current)} replace />;
  if (access === 'guest' && arrivedInSession) {
    return <Navigate to={hrefFor(DEFAULT_ROUTE)} replace />;
  }
  return <ShownPage route={current}>{children}</ShownPage>;
}
