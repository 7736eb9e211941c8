import { Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** While a page's code arrives (pages are split by route), keep the layout and show a loader. */
export function PageSuspense({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center flex={1} py="xl">
          <Loader type="dots" aria-label={t('common.loading')} />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
