import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts', 'src/cli/catalog-import.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared contracts are TypeScript source: bundle them; everything else stays in node_modules.
  noExternal: ['@roomcraft/contracts', '@roomcraft/catalog'],
});
