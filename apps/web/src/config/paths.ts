/** Who may open a route (spec §6). */
export type RouteAccess = 'open' | 'guest' | 'user';
export type PageTransition = 'slide-left' | 'slide-right' | 'fade';

interface RouteDefinition {
  path: string;
  access: RouteAccess;
  /** A route may name its own transition (spec §2); otherwise depth decides. */
  transition?: PageTransition;
}

/** The route table of spec §2: every named route of the app, in one place. */
const routeTable = {
  'verify.email': { path: '/verify-email', access: 'open' },
  login: { path: '/login/:next?/:id?', access: 'guest' },
  register: { path: '/register', access: 'guest' },
  'recover.password': { path: '/recover-password', access: 'guest' },
  // The editor is the app's home; it fades in rather than sliding a whole workspace across.
  design: { path: '/design/:id?', access: 'open', transition: 'fade' },
  cart: { path: '/cart', access: 'user' },
  credits: { path: '/credits/:sessionId?', access: 'user' },
  // The test-mode payment provider's checkout page (docs/decisions/015-buying-credits.md).
  'test-checkout': { path: '/test-checkout/:sessionId', access: 'user' },
  designs: { path: '/designs', access: 'user' },
  'account-profile': { path: '/profile', access: 'user' },
  // A design summary someone shared: public and read-only (spec §1).
  shared: { path: '/shared/:token', access: 'open' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routeTable;
export const routes: Readonly<Record<RouteName, RouteDefinition>> = routeTable;
export type RouteParams = Record<string, string | undefined>;

export const DEFAULT_ROUTE: RouteName = 'design';
export const ROOT_PATH = '/';
/** `/do?action={route name}&…` (spec §2). */
export const DO_PATH = '/do';
export const TERMS_URL = '/terms.html';
export const PRIVACY_URL = '/privacy.html';

export function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(routes, name);
}

/** The names of a route's path parameters, in path order. */
export function routeParamNames(name: RouteName): string[] {
  return routes[name].path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1).replace(/\?$/, ''));
}

/** The parameter that `id` fills when a route is a login target (spec §2, login). */
export function primaryParamName(name: RouteName): string | undefined {
  return routeParamNames(name)[0];
}

/**
 * The path of a named route. Optional parameters stop at the first missing one, so a later
 * value never slides into an earlier slot.
 */
export function hrefFor(
  name: RouteName,
  params: RouteParams = {},
  query?: URLSearchParams | Record<string, string>,
): string {
  const segments: string[] = [];
  for (const segment of routes[name].path.split('/').filter(Boolean)) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const value = params[segment.slice(1).replace(/\?$/, '')];
    if (value === undefined || value === '') break;
    segments.push(encodeURIComponent(value));
  }
  const search = new URLSearchParams(query).toString();
  return `/${segments.join('/')}${search ? `?${search}` : ''}`;
}
