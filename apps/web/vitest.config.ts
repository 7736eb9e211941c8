import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['vitest.setup.ts'],
      // Screens driven through user-event in jsdom take 3–5 s each on a loaded 2-core machine;
      // the timeout guards against hangs, it is not a speed check (benchmarks are).
      testTimeout: 20_000,
    },
  }),
);
