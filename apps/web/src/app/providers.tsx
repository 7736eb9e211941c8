import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LazyMotion, MotionConfig } from 'motion/react';
import { WorkingBar } from '@/components/ui/working-bar';
import { cssVariablesResolver, theme } from './theme';

const loadMotionFeatures = () => import('./motion-features').then((module) => module.default);

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a screen needs around it: theme, dialogs, notifications, server cache, motion. */
export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <LazyMotion features={loadMotionFeatures} strict>
          <MotionConfig reducedMotion="user">
            <ModalsProvider>
              <WorkingBar />
              <Notifications position="bottom-right" zIndex={1000} />
              {children}
            </ModalsProvider>
          </MotionConfig>
        </LazyMotion>
      </QueryClientProvider>
    </MantineProvider>
  );
}
