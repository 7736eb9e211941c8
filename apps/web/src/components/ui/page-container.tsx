import type { ReactNode } from 'react';
import { Container } from '@mantine/core';

/** The width and breathing room of a main-layout page. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" w="100%" px={{ base: 'md', md: 'xl' }} py={{ base: 'lg', md: 48 }}>
      {children}
    </Container>
  );
}
