import { matchRoutes } from 'react-router';
import {
  DEFAULT_ROUTE,
  hrefFor,
  isRouteName,
  primaryParamName,
  routeParamNames,
  routes,
  type PageTransition,
  type RouteName,
  type RouteParams,
} from '@/config/paths';

/** A matched named route: what guards, login and transitions reason about. */
export interface RouteRef {
  name: RouteName;
  params: RouteParams;
}

/** The deepest named route among a router's matches (route ids are the route names). */
export function routeRefOf(
  matches: readonly { id: string; params: RouteParams }[],
): RouteRef | null {
  const match = matches.findLast(({ id }) => isRouteName(id));
  return match && isRouteName(match.id) ? { name: match.id, params: match.params } : null;
}

const namedRoutes = Object.entries(routes).map(([name, { path }]) => ({ id: name, path }));

/**
 * The named route a path opens, or null when it opens none. Matched as the router matches, where
 * an optional parameter is a whole segment (`/designs` is not `/design` with id "s").
 */
export function routeRefOfPath(pathname: string): RouteRef | null {
  const matches = matchRoutes(namedRoutes, pathname) ?? [];
  return routeRefOf(matches.map(({ route, params }) => ({ id: route.id, params })));
}

/**
 * `/do?action={route name}&…` (spec §2): the named route's path with its parameters taken
 * from matching query values, and the rest of the query passed on.
 */
export function resolveDoAction(query: URLSearchParams): string {
  const action = query.get('action');
  if (action === null || !isRouteName(action)) return hrefFor(DEFAULT_ROUTE);
  const rest = new URLSearchParams(query);
  rest.delete('action');
  const params: RouteParams = {};
  // Path parameters are optional and positional: the first one missing ends the path, and
  // values that found no place in it stay in the query.
  for (const name of routeParamNames(action)) {
    const value = rest.get(name);
    if (value === null || value === '') break;
    params[name] = value;
    rest.delete(name);
  }
  return hrefFor(action, params, rest);
}

/** Login, carrying where to come back to: the route's name and its parameter (spec §2). */
export function loginHrefFor(from: RouteRef | null): string {
  if (from === null || routes[from.name].access === 'guest') return hrefFor('login');
  const param = primaryParamName(from.name);
  return hrefFor('login', {
    next: from.name,
    id: param === undefined ? undefined : from.params[param],
  });
}

/**
 * Where login leads (spec §2): to `next` with `id` as its parameter; to the default route when
 * `next` names no route a user can open; nowhere (null) when `next` is explicitly false.
 */
export function resolveLoginTarget(
  next: string | undefined,
  id: string | undefined,
): string | null {
  if (next === 'false') return null;
  if (next === undefined || !isRouteName(next) || routes[next].access === 'guest') {
    return hrefFor(DEFAULT_ROUTE);
  }
  const param = primaryParamName(next);
  return hrefFor(next, param === undefined ? {} : { [param]: id });
}

function depthOf(pathname: string): number {
  return pathname.split('/').filter(Boolean).length;
}

/**
 * Spec §2: a route's own transition if it names one; otherwise slide-left when the new path is
 * as deep as the old one or deeper, else slide-right. Null on the first page: nothing to animate.
 */
export function transitionFor(
  fromPathname: string | null,
  toPathname: string,
  to: RouteName | undefined,
): PageTransition | null {
  if (fromPathname === null) return null;
  const named = to === undefined ? undefined : routes[to].transition;
  if (named) return named;
  return depthOf(toPathname) >= depthOf(fromPathname) ? 'slide-left' : 'slide-right';
}

/**
 * Spec §2: arriving at login from another page reloads the page fully (clearing in-memory
 * state), except when coming from a design page without an id, which holds nothing to lose.
 */
export function shouldReloadOnLogin(from: RouteRef | null, to: RouteRef | null): boolean {
  if (to?.name !== 'login' || from === null || from.name === 'login') return false;
  return !(from.name === 'design' && !from.params.id);
}

/**
 * Leaving the design page asks before unsaved changes are lost (spec §4). Moving between designs
 * stays on the page, and a trip to login from a design without an id keeps the design (no reload,
 * spec §2), so neither asks.
 */
export function leavingDesignAsks(from: RouteRef | null, to: RouteRef | null): boolean {
  if (from?.name !== 'design' || to?.name === 'design') return false;
  return to?.name !== 'login' || shouldReloadOnLogin(from, to);
}
