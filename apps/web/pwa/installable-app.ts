/**
 * The installable app (issue 13; decision 017): the web app manifest, its icons drawn by code
 * from the favicon's shapes, and /sw.js with the list of the built shell to precache. Written
 * here rather than with vite-plugin-pwa, whose rollup does not install from the registry here.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Plugin } from 'vite';

export const THEME_COLOUR = '#c8643b';
export const BACKGROUND_COLOUR = '#fbf8f4';
export const ICON_SIZES = [192, 512] as const;

/** The app's mark on a full square (maskable: the mark stays inside the safe circle). */
export function iconSvg(size: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40">
  <rect width="40" height="40" fill="${THEME_COLOUR}"/>
  <g transform="translate(8 8) scale(0.6)">
    <path d="M12 31V18.5a8 8 0 0 1 16 0V31" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
    <path d="M9 31.5h22" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
    <path d="M20 11v20M12.5 22h15" stroke="#fff" stroke-width="1.6" stroke-opacity=".8"/>
  </g>
</svg>`;
}

export const manifest = {
  name: 'Roomcraft',
  short_name: 'Roomcraft',
  description: 'Redesign a photo of your room with AI.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND_COLOUR,
  icons: ICON_SIZES.map((size) => ({
    src: `/icons/icon-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose: 'any maskable',
  })),
};

/** The service worker's source with the shell's files and a version that changes with them. */
export function serviceWorkerSource(shell: readonly string[]) {
  const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12);
  return `// Roomcraft's service worker (generated at build; decision 017).
const CACHE = 'roomcraft-shell-${version}';
const SHELL = ${JSON.stringify(shell)};

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()),
  );
});

// A new version takes over at once and drops the old shell.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('roomcraft-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // The API is never cached: answers are per person and must be fresh.
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // Pages: the network first, the cached shell when offline.
    event.respondWith(fetch(request).catch(() => caches.match('/index.html')));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((hit) => hit || fetch(request)));
  }
});
`;
}

/** Emits the manifest, the icons and /sw.js into the build. */
export function installableApp(): Plugin {
  return {
    name: 'roomcraft-installable-app',
    apply: 'build',
    async generateBundle(_options, bundle) {
      for (const size of ICON_SIZES) {
        this.emitFile({
          type: 'asset',
          fileName: `icons/icon-${size}.png`,
          source: await sharp(Buffer.from(iconSvg(size)))
            .png()
            .toBuffer(),
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: JSON.stringify(manifest, null, 2),
      });
      const built = Object.keys(bundle).filter((file) => !file.endsWith('.map'));
      const shell = [
        '/index.html',
        '/favicon.svg',
        '/manifest.webmanifest',
        ...ICON_SIZES.map((size) => `/icons/icon-${size}.png`),
        ...built.filter((file) => file !== 'index.html').map((file) => `/${file}`),
      ];
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(shell) });
    },
  };
}
