import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { notify } from './notify';

describe('notify', () => {
  it('shows the message bottom-right with a 5 s progress bar and a close button', async () => {
    renderWithProviders(<div />);
    act(() => {
      notify('positive', 'Design saved');
    });

    const message = await screen.findByText('Design saved');
    const notification = message.closest('[data-kind]');
    expect(notification?.getAttribute('data-kind')).toBe('positive');
    expect(notification?.closest('[data-position]')?.getAttribute('data-position')).toBe(
      'bottom-right',
    );
    const bar = notification?.querySelector<HTMLElement>('[aria-hidden="true"][style]');
    expect(bar?.style.animationDuration).toBe('5000ms');
    expect(screen.getByRole('button', { name: 'Close' })).toBeDefined();
  });

  it('closes when its progress bar runs out', async () => {
    renderWithProviders(<div />);
    act(() => {
      notify('info', 'Saved for later');
    });
    const message = await screen.findByText('Saved for later');
    const bar = message.closest('[data-kind]')?.querySelector('[aria-hidden="true"][style]');
    if (!bar) throw new Error('no progress bar');

    // jsdom's style lacks `animation`, so React listens for the prefixed event name there.
    fireEvent(bar, new Event('webkitAnimationEnd', { bubbles: true }));
    await waitFor(() => expect(screen.queryByText('Saved for later')).toBeNull());
  });
});
