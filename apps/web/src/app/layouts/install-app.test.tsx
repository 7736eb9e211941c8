import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { startServiceWorker, useInstallStore } from '@/lib/service-worker';
import { renderWithProviders } from '@/testing/render';
import { InstallButton, OfflineNote } from './install-app';

/** The browser's install offer, as Chromium fires it. */
function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('Install to device (spec §2)', () => {
  it('appears only while the browser offers installation; Cancel keeps the offer, Install uses it', async () => {
    await startServiceWorker();
    renderWithProviders(
      <>
        <InstallButton />
        <OfflineNote />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Install to device' })).toBeNull();

    const { event, prompt } = installOffer('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    // The app offers it itself: the browser's own mini bar is held back.
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Install to device' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(prompt).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Install to device' })).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Install to device' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Install to device' })).toBeNull(),
    );
    expect(useInstallStore.getState().prompt).toBeNull();
  });

  it('notes when the device goes offline, and stops when it is back', async () => {
    await startServiceWorker();
    renderWithProviders(<OfflineNote />);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(/You are offline/)).toBeDefined();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(/You are offline/)).toBeNull());
  });
});
