import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { RegisterForm } from './register-form';

describe('RegisterForm', () => {
  it('shows every field error at once and turns the terms label red', async () => {
    const { user } = renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    const termsLabel = screen.getByText(/I agree to the/);
    expect(termsLabel.closest('label')?.style.color).toBe('');

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Some fields have errors')).toBeDefined();
    // Email, first name, last name and password.
    expect(screen.getAllByText('Cannot be empty')).toHaveLength(4);
    expect(screen.getByText('You must agree to continue')).toBeDefined();
    expect(termsLabel.closest('label')?.style.color).toBe('var(--mantine-color-error)');
  });

  it('asks for a password of at least 8 characters', async () => {
    const { user } = renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Minimum length is 8 characters')).toBeDefined();
  });

  it('opens the terms and the privacy policy in a new tab', () => {
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    for (const [name, href] of [
      ['terms of service', '/terms.html'],
      ['privacy policy', '/privacy.html'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
    }
  });
});
