import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../modules/images/images.service';
import { roomPhoto } from '../test-support/images';
import { startS3Server } from '../test-support/s3-server';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type ObjectStorage } from './storage';

interface Target {
  name: string;
  /**
   * Whether reads may race overwrites of the same key. S3 itself serves whole objects, but
   * s3rver rewrites its file in place, so against it the overwrite is checked in turn.
   */
  racesOverwrites: boolean;
  open(): Promise<{ storage: ObjectStorage; close(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'local files',
    racesOverwrites: true,
    open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'roomcraft-storage-'));
      return Promise.resolve({
        storage: createLocalStorage(dir),
        close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
      });
    },
  },
  {
    name: 'S3 (s3rver, AWS SDK v3)',
    racesOverwrites: false,
    async open() {
      const server = await startS3Server();
      const storage = createS3Storage(server.settings, 'files/');
      return {
        storage,
        async close() {
          storage.close();
          await server.close();
        },
      };
    },
  },
];

describe.each(targets)('object storage: $name', (target) => {
  let storage: ObjectStorage;
  let opened: Awaited<ReturnType<Target['open']>>;
  beforeAll(async () => {
    opened = await target.open();
    storage = opened.storage;
  });
  afterAll(() => opened.close());

  it('is ready, stores a photo and streams the same bytes back with its size', async () => {
    await storage.ready();
    const photo = roomPhoto();
    await storage.put('photo_1.jpg', photo, 'image/jpeg');
    expect(await storage.has('photo_1.jpg')).toBe(true);
    const object = await storage.get('photo_1.jpg');
    expect(object?.size).toBe(photo.length);
    expect(object && Buffer.compare(await readStream(object.body), photo)).toBe(0);
  });

  it('answers undefined / false for a key it does not hold', async () => {
    expect(await storage.get('missing_1.png')).toBeUndefined();
    expect(await storage.has('missing_1.png')).toBe(false);
  });

  it('refuses keys that are not flat names', async () => {
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.get('a/b.png')).rejects.toThrow(/Invalid storage key/);
  });

  it('serves a whole object while it is overwritten: the old bytes or the new, never a mix', async () => {
    const first = roomPhoto('living-room-1.jpg');
    const second = roomPhoto('bedroom-1.jpg');
    await storage.put('swap_1.jpg', first, 'image/jpeg');
    const reads: Promise<Buffer | undefined>[] = [];
    const writes: Promise<void>[] = [];
    const read = () =>
      storage.get('swap_1.jpg').then((object) => object && readStream(object.body));
    for (let round = 0; round < 6; round++) {
      const write = storage.put('swap_1.jpg', round % 2 ? first : second, 'image/jpeg');
      writes.push(write);
      if (target.racesOverwrites) reads.push(read());
      else reads.push(Promise.resolve(await write.then(read)));
    }
    await Promise.all(writes);
    for (const bytes of await Promise.all(reads)) {
      expect(bytes && (bytes.equals(first) || bytes.equals(second))).toBe(true);
    }
  });

  it('deletes several keys at once, and a missing one is no error', async () => {
    const png = roomPhoto();
    await storage.put('gone_1.jpg', png, 'image/jpeg');
    await storage.put('gone_2.jpg', png, 'image/jpeg');
    await storage.put('kept_1.jpg', png, 'image/jpeg');
    await storage.delete(['gone_1.jpg', 'gone_2.jpg', 'never_1.jpg']);
    expect(await storage.has('gone_1.jpg')).toBe(false);
    expect(await storage.has('gone_2.jpg')).toBe(false);
    expect(await storage.has('kept_1.jpg')).toBe(true);
  });
});
