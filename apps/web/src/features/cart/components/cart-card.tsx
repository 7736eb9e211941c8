import { Card, Grid, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface CartCardProps {
  /** `section`: a group of items; `aside`: the totals beside them. */
  as: 'section' | 'aside';
  /** The card's heading, and its accessible name. */
  title: string;
  /** Buttons beside the heading (a design's PDF and share link). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled card of the cart and of the shared summary page. */
export function CartCard({ as, title, actions, children }: CartCardProps) {
  const heading = (
    <Title order={2} size="h4" mb={actions ? undefined : as === 'aside' ? 'sm' : 'xs'}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="lg" padding="lg" component={as} aria-label={title}>
      {actions ? (
        <Group justify="space-between" mb="xs" gap="xs">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}

/** The items on the left (above on small screens), their summary beside them. */
export function CartColumns({ items, summary }: { items: ReactNode; summary: ReactNode }) {
  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>{items}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>{summary}</Grid.Col>
    </Grid>
  );
}
