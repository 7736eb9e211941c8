import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerVerifiedUser, smtpMailbox } from './support/api';
import { repoRoot } from './support/app-server';
import { useE2E } from './support/harness';
import { logIn, paintStroke, shows, toTweakStep } from './support/ui';

const roomPhoto = path.join(repoRoot, '../shared/assets/rooms/living-room-1.jpg');
/** A generation on the CPU of a small machine, and the lookups around it. */
const STORY_TIMEOUT = 300_000;

const e2e = useE2E();

describe('A new design', () => {
  it(
    'sends its photo once: detection stores it, then generation and the save name the stored image',
    async () => {
      const { page, server, mail } = e2e;
      const { user } = await registerVerifiedUser(server.url, smtpMailbox(mail));
      await logIn(page, user);
      // Every photo file the app puts into a request, by endpoint and field.
      await page.evaluate(() => {
        const sent: string[] = [];
        Object.assign(window, { photoParts: sent });
        const send = window.fetch.bind(window);
        window.fetch = (input, init) => {
          const body = init?.body;
          if (body instanceof FormData) {
            const url = typeof input === 'string' ? input : 'url' in input ? input.url : input.href;
            body.forEach((value, field) => {
              if (value instanceof File && value.type === 'image/jpeg')
                sent.push(`${url} ${field}`);
            });
          }
          return send(input, init);
        };
      });

      const detected = page.waitForResponse(
        (response) => response.url().endsWith('/api/actions/get/space-elements'),
        { timeout: 120_000 },
      );
      await toTweakStep(page, roomPhoto);
      expect((await detected).status()).toBe(200);

      await page.getByRole('button', { name: 'Remove elements', exact: true }).click();
      await paintStroke(page, [0.3, 0.62], [0.45, 0.7]);
      await page.getByRole('button', { name: /^Generate/ }).click();
      await page
        .getByRole('button', { name: 'Remove elements 1' })
        .waitFor({ state: 'visible', timeout: 110_000 });
      await shows(page.getByText('Design saved', { exact: true }));
      await page.waitForURL((url) => /^\/design\/\d+$/.test(url.pathname));

      const photoParts = await page.evaluate(
        () => (window as unknown as { photoParts: string[] }).photoParts,
      );
      expect(photoParts).toEqual(['/api/actions/get/space-elements base_image']);
    },
    STORY_TIMEOUT,
  );
});
