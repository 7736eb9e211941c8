import { useMemo } from 'react';
import { useMatches } from 'react-router';
import { routeRefOf, type RouteRef } from './navigation';

/** The named route on screen, or null on unnamed paths (root, /do, unknown). */
export function useCurrentRoute(): RouteRef | null {
  const matches = useMatches();
  return useMemo(() => routeRefOf(matches), [matches]);
}
