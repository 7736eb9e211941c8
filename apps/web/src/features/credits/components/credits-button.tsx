import { Button } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router';
import { hrefFor } from '@/config/paths';
import { compactCreditsLabel, creditsLabel } from '../model/credits-label';

interface CreditsButtonProps {
  availableCredits: number;
  /** Number only, for small screens. */
  compact: boolean;
}

/** The toolbar's way to the credits page, showing the balance (spec §2, main layout). */
export function CreditsButton({ availableCredits, compact }: CreditsButtonProps) {
  const label = creditsLabel(availableCredits);
  return (
    <Button
      component={Link}
      to={hrefFor('credits')}
      variant="light"
      size={compact ? 'compact-md' : 'sm'}
      leftSection={<IconCoins size={18} aria-hidden />}
      aria-label={label}
      title={label}
    >
      {compact ? compactCreditsLabel(availableCredits) : label}
    </Button>
  );
}
