import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { z } from 'zod';
import { installableApp } from './pwa/installable-app';

// The version shown in the account menu is the product's, i.e. the root package's.
const rootPackage = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));

export default defineConfig({
  plugins: [react(), installableApp()],
  // '@/…' is how code outside a feature reaches it; relative imports stay inside one folder.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
  },
});
