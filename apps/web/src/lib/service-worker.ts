import { create } from 'zustand';

/** The browser's install prompt (Chromium's beforeinstallprompt event). */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The deferred prompt, while the browser offers installation. */
  prompt: InstallPromptEvent | null;
  online: boolean;
}

export const useInstallStore = create<InstallState>()(() => ({
  prompt: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
}));

/** Shows the browser's own install dialog; the offer is used up either way. */
export async function installApp(): Promise<boolean> {
  const { prompt } = useInstallStore.getState();
  if (!prompt) return false;
  useInstallStore.setState({ prompt: null });
  await prompt.prompt();
  return (await prompt.userChoice).outcome === 'accepted';
}

const isJavaScript = (type: string | null) => type !== null && /javascript/i.test(type);

/**
 * Registers /sw.js (spec §7) and keeps it updated. Spec §8: registration errors are ignored
 * (offline is noted by the page), and a worker whose file is missing or not JavaScript is
 * unregistered.
 */
export async function startServiceWorker(): Promise<void> {
  window.addEventListener('online', () => useInstallStore.setState({ online: true }));
  window.addEventListener('offline', () => useInstallStore.setState({ online: false }));
  window.addEventListener('beforeinstallprompt', (event) => {
    // The app offers installation itself ("Install to device").
    event.preventDefault();
    useInstallStore.setState({ prompt: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallStore.setState({ prompt: null }));
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  try {
    const script = await fetch('/sw.js', { cache: 'no-store' });
    if (!script.ok || !isJavaScript(script.headers.get('content-type'))) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
      return;
    }
    const registration = await navigator.serviceWorker.register('/sw.js', {
      updateViaCache: 'none',
    });
    // A long-open tab still picks up a new version.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
    });
  } catch {
    // Ignored (spec §8); when the reason is being offline, the offline note already says so.
    useInstallStore.setState({ online: navigator.onLine });
  }
}
