import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS, REGISTER_MOBILE_MAX_WIDTH } from '@roomcraft/contracts';

/** Below the medium breakpoint (1024 px) a page counts as mobile (spec §2). */
const MOBILE_QUERY = `(max-width: ${em(BREAKPOINTS.md - 0.02)})`;
/** The register page counts as mobile up to and including 1200 px (spec §2). */
const REGISTER_MOBILE_QUERY = `(max-width: ${em(REGISTER_MOBILE_MAX_WIDTH)})`;
const PORTRAIT_MOBILE_QUERY = `${MOBILE_QUERY} and (orientation: portrait)`;
const LARGE_QUERY = `(min-width: ${em(BREAKPOINTS.lg)})`;

// Read synchronously so the first paint already has the right layout.
const now = { getInitialValueInEffect: false };

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, now);
}

export function useIsRegisterMobile(): boolean {
  return useMediaQuery(REGISTER_MOBILE_QUERY, false, now);
}

export function useIsPortraitMobile(): boolean {
  return useMediaQuery(PORTRAIT_MOBILE_QUERY, false, now);
}

/** The large screen class and up (1440 px). */
export function useIsLargeScreen(): boolean {
  return useMediaQuery(LARGE_QUERY, false, now);
}
