/** Business constants of spec §9 and the account rules of ARCHITECTURE §4–5. */
export const PRODUCT_NAME = 'Roomcraft';
/** The lower-cased product name with non-alphanumerics removed (spec §3, Auth state). */
export const STORAGE_PREFIX = PRODUCT_NAME.toLowerCase().replace(/[^a-z0-9]/g, '');

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 512;

export const SIGNUP_BONUS_CREDITS = 10;

export const LOGIN_MAX_FAILURES_PER_MINUTE = 5;
/** Password guesses at one account from any address, and from one address at any account. */
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 20;
export const LOGIN_MAX_FAILURES_PER_IP = 50;
export const VERIFICATION_RESEND_SECONDS = 60;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const PASSWORD_CONFIRMATION_TTL_MINUTES = 15;
export const EMAIL_VERIFICATION_TTL_MINUTES = 60 * 24;

export const NOTIFICATION_DURATION_MS = 5000;
export const COOKIE_NOTICE_FLAG = 'ac';
export const COOKIE_NOTICE_DAYS = 3650;
export const CREDITS_DISPLAY_CAP = 999;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Screen classes of spec §9, as min-widths in px. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;
export const REGISTER_MOBILE_MAX_WIDTH = 1200;
