import { describe, expect, it } from 'vitest';
import {
  leavingDesignAsks,
  loginHrefFor,
  resolveDoAction,
  resolveLoginTarget,
  routeRefOf,
  routeRefOfPath,
  shouldReloadOnLogin,
  transitionFor,
} from './navigation';

describe('resolveDoAction', () => {
  const resolve = (query: string) => resolveDoAction(new URLSearchParams(query));

  it('goes to the named route, passing the query on', () => {
    expect(resolve('action=recover.password&email=a%40b.co&token=t1')).toBe(
      '/recover-password?email=a%40b.co&token=t1',
    );
  });

  it('fills path parameters from matching query values', () => {
    expect(resolve('action=design&id=42')).toBe('/design/42');
    expect(resolve('action=credits&sessionId=cs_1&status=paid')).toBe('/credits/cs_1?status=paid');
    expect(resolve('action=login&next=designs')).toBe('/login/designs');
  });

  it('leaves optional parameters out when the query lacks them', () => {
    expect(resolve('action=design')).toBe('/design');
    expect(resolve('action=login&id=7')).toBe('/login?id=7');
  });

  it('falls back to the default route for a missing or unknown action', () => {
    expect(resolve('')).toBe('/design');
    expect(resolve('action=nowhere&id=1')).toBe('/design');
  });
});

describe('resolveLoginTarget', () => {
  it('goes to the route named by next with id as its parameter', () => {
    expect(resolveLoginTarget('design', '12')).toBe('/design/12');
    expect(resolveLoginTarget('credits', 'cs_9')).toBe('/credits/cs_9');
    expect(resolveLoginTarget('account-profile', undefined)).toBe('/profile');
    expect(resolveLoginTarget('designs', '3')).toBe('/designs');
  });

  it('goes to the default route when next does not resolve', () => {
    expect(resolveLoginTarget(undefined, undefined)).toBe('/design');
    expect(resolveLoginTarget('unknown', '1')).toBe('/design');
    expect(resolveLoginTarget('register', undefined)).toBe('/design');
  });

  it('does not redirect when next is explicitly false', () => {
    expect(resolveLoginTarget('false', undefined)).toBeNull();
  });
});

describe('loginHrefFor', () => {
  it('carries the route name and its parameter', () => {
    expect(loginHrefFor({ name: 'design', params: { id: '5' } })).toBe('/login/design/5');
    expect(loginHrefFor({ name: 'credits', params: { sessionId: 'cs_1' } })).toBe(
      '/login/credits/cs_1',
    );
    expect(loginHrefFor({ name: 'cart', params: {} })).toBe('/login/cart');
  });

  it('carries nothing from guest pages or unnamed places', () => {
    expect(loginHrefFor(null)).toBe('/login');
    expect(loginHrefFor({ name: 'register', params: {} })).toBe('/login');
  });
});

describe('routeRefOf', () => {
  it('takes the deepest named route', () => {
    const matches = [
      { id: 'root', params: { id: '3' } },
      { id: 'main-layout', params: { id: '3' } },
      { id: 'design', params: { id: '3' } },
    ];
    expect(routeRefOf(matches)).toEqual({ name: 'design', params: { id: '3' } });
    expect(routeRefOf([{ id: 'root', params: {} }])).toBeNull();
  });
});

describe('transitionFor', () => {
  it('slides left when the new path is as deep or deeper', () => {
    expect(transitionFor('/cart', '/profile', 'account-profile')).toBe('slide-left');
    expect(transitionFor('/cart', '/credits/cs_1', 'credits')).toBe('slide-left');
  });

  it('slides right when the new path is shallower', () => {
    expect(transitionFor('/credits/cs_1', '/cart', 'cart')).toBe('slide-right');
    expect(transitionFor('/login/design/4', '/register', 'register')).toBe('slide-right');
  });

  it('uses the transition a route names in its meta', () => {
    expect(transitionFor('/cart', '/design/4', 'design')).toBe('fade');
  });

  it('does not animate the first page', () => {
    expect(transitionFor(null, '/cart', 'cart')).toBeNull();
  });
});

describe('shouldReloadOnLogin', () => {
  const login = { name: 'login', params: {} } as const;

  it('reloads when arriving at login from another page', () => {
    expect(shouldReloadOnLogin({ name: 'account-profile', params: {} }, login)).toBe(true);
    expect(shouldReloadOnLogin({ name: 'design', params: { id: '8' } }, login)).toBe(true);
  });

  it('does not reload from a design without an id, on first load, or elsewhere', () => {
    expect(shouldReloadOnLogin({ name: 'design', params: {} }, login)).toBe(false);
    expect(shouldReloadOnLogin(null, login)).toBe(false);
    expect(shouldReloadOnLogin(login, { name: 'login', params: { next: 'cart' } })).toBe(false);
    expect(shouldReloadOnLogin({ name: 'cart', params: {} }, { name: 'designs', params: {} })).toBe(
      false,
    );
  });
});

describe('routeRefOfPath', () => {
  it('names the route a path opens, with its parameters', () => {
    expect(routeRefOfPath('/design/12')).toEqual({ name: 'design', params: { id: '12' } });
    expect(routeRefOfPath('/design')).toEqual({ name: 'design', params: {} });
    expect(routeRefOfPath('/login/design/3')).toEqual({
      name: 'login',
      params: { next: 'design', id: '3' },
    });
    expect(routeRefOfPath('/profile')).toEqual({ name: 'account-profile', params: {} });
  });

  it('takes an optional parameter as a whole segment', () => {
    expect(routeRefOfPath('/designs')).toEqual({ name: 'designs', params: {} });
    expect(routeRefOfPath('/credits')).toEqual({ name: 'credits', params: {} });
  });

  it('is null for paths that open no named route', () => {
    expect(routeRefOfPath('/')).toBeNull();
    expect(routeRefOfPath('/nowhere')).toBeNull();
  });
});

describe('leavingDesignAsks', () => {
  const design = (id?: string) => ({ name: 'design', params: id ? { id } : {} }) as const;

  it('asks when leaving the design page for another page', () => {
    expect(leavingDesignAsks(design('4'), { name: 'designs', params: {} })).toBe(true);
    expect(leavingDesignAsks(design(), { name: 'account-profile', params: {} })).toBe(true);
    expect(leavingDesignAsks(design(), null)).toBe(true);
  });

  it('does not ask when staying on the design page', () => {
    expect(leavingDesignAsks(design(), design('4'))).toBe(false);
    expect(leavingDesignAsks(design('4'), design())).toBe(false);
  });

  it('does not ask on the way to login from a design without an id, which keeps it', () => {
    expect(leavingDesignAsks(design(), { name: 'login', params: { next: 'design' } })).toBe(false);
    expect(leavingDesignAsks(design('4'), { name: 'login', params: { next: 'design' } })).toBe(
      true,
    );
  });

  it('has nothing to ask elsewhere', () => {
    expect(leavingDesignAsks({ name: 'designs', params: {} }, design())).toBe(false);
    expect(leavingDesignAsks(null, { name: 'cart', params: {} })).toBe(false);
  });
});
