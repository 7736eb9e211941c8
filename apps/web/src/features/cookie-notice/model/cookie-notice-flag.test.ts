import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptCookieNotice, isCookieNoticeAccepted } from './cookie-notice-flag';

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

describe('cookie notice flag', () => {
  afterEach(() => {
    clearCookies();
    vi.restoreAllMocks();
  });

  it('is not accepted at first', () => {
    expect(isCookieNoticeAccepted()).toBe(false);
  });

  it('counts as accepted when set in a cookie only', () => {
    document.cookie = 'ac=true; path=/';
    expect(isCookieNoticeAccepted()).toBe(true);
  });

  it('counts as accepted when set in local storage only', () => {
    localStorage.setItem('ac', 'true');
    expect(isCookieNoticeAccepted()).toBe(true);
  });

  it('sets the flag in both places, the cookie for 3650 days on path /', () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    acceptCookieNotice();
    expect(cookieSetter).toHaveBeenCalledWith(
      `ac=true; max-age=${3650 * 24 * 60 * 60}; path=/; SameSite=Lax`,
    );
    expect(localStorage.getItem('ac')).toBe('true');
    expect(isCookieNoticeAccepted()).toBe(true);
  });
});
