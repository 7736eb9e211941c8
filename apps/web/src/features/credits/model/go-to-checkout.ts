/**
 * Sends the browser to a checkout url: an address of this app (the test-mode page, the return
 * page) through the client router, anything else (Stripe) as a full page load.
 */
export function goToCheckoutUrl(url: string, navigate: (path: string) => void): void {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin) {
    navigate(`${target.pathname}${target.search}`);
    return;
  }
  window.location.assign(target.toString());
}
