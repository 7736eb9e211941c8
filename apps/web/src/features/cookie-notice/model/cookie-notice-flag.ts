import { COOKIE_NOTICE_DAYS, COOKIE_NOTICE_FLAG } from '@roomcraft/contracts';
import { readCookie, readStored, writeCookie, writeStored } from '@/lib/storage';

/** Spec §4: the notice shows until the flag is set in a cookie or in local storage. */
export function isCookieNoticeAccepted(): boolean {
  return (
    readCookie(COOKIE_NOTICE_FLAG) === 'true' || readStored('local', COOKIE_NOTICE_FLAG) === 'true'
  );
}

/** Closing the notice sets the flag in both places: a cookie for 3650 days on path /. */
export function acceptCookieNotice(): void {
  writeCookie(COOKIE_NOTICE_FLAG, 'true', COOKIE_NOTICE_DAYS);
  writeStored('local', COOKIE_NOTICE_FLAG, 'true');
}
