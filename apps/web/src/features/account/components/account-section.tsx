import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

interface AccountSectionProps {
  title: string;
  description: string;
  children: ReactNode;
}

/** One titled card of the account page. */
export function AccountSection({ title, description, children }: AccountSectionProps) {
  return (
    <Card withBorder padding="xl" component="section">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2}>{title}</Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
