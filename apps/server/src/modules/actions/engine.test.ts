import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createEngine } from './engine';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roomcraft-engine-')), ...env });

describe('the engine the server runs', () => {
  it('is the local engine by default, with room to accept work', async () => {
    const engine = createEngine(config().engine);
    try {
      expect(engine.name).toBe('local');
      expect(engine.hasCapacity()).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it('is Replicate (over the local engine) when AI_PROVIDER says so', async () => {
    const engine = createEngine(
      config({
        AI_PROVIDER: 'replicate',
        REPLICATE_API_TOKEN: 'r8_test',
        REPLICATE_RESTYLE_VERSION: 'restyle',
        REPLICATE_INPAINT_VERSION: 'inpaint',
      }).engine,
    );
    try {
      expect(engine.name).toBe('replicate');
      expect(engine.hasCapacity()).toBe(true);
    } finally {
      await engine.close();
    }
  });
});
