import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';

interface EmptyStateProps {
  icon: ReactNode;
  message: string;
  action?: ReactNode;
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ icon, message, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="md" py={64} px="md" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text size="lg" fw={500}>
        {message}
      </Text>
      {action}
    </Stack>
  );
}
