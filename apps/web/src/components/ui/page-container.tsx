import type { ReactNode } from 'react';
import { Container } from '@mantine/core';

/** Content widths: `narrow` for a single column of text and forms, `wide` for grids. */
const widths = { narrow: 720, wide: 'lg' } as const;

/**
 * The width and breathing room of a main-layout page, centred: a single column sits in a narrow
 * container rather than at the left of a wide one.
 */
export function PageContainer({
  width = 'wide',
  children,
}: {
  width?: keyof typeof widths;
  children: ReactNode;
}) {
  return (
    <Container
      size={widths[width]}
      w="100%"
      px={{ base: 'md', md: 'xl' }}
      py={{ base: 'lg', md: 48 }}
    >
      {children}
    </Container>
  );
}
