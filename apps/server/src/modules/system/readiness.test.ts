import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test-support/s3-server';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { databaseTargets, startTestApp } from '../../test-support/test-app';

const smtp = await startSmtpSink();
const s3 = await startS3Server('roomcraft-ready');
afterAll(async () => {
  await smtp.close();
  await s3.close();
});
const sqlite = (await databaseTargets())[0];
if (!sqlite) throw new Error('SQLite is always a target');

interface ReadyAnswer {
  status: string;
  checks: Record<string, { ok?: boolean; kind?: string; mode?: string; error?: string }> & {
    models: { location: string; files?: { name: string; present: boolean }[] };
  };
}

describe('readiness', () => {
  it('reports the database, local storage, the in-process engine and the model files', async () => {
    const harness = await startTestApp(sqlite, { smtpUrl: smtp.url });
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<ReadyAnswer>();
      expect(answer.status).toBe('ready');
      expect(answer.checks.database?.ok).toBe(true);
      expect(answer.checks.storage).toMatchObject({ ok: true, kind: 'local' });
      expect(answer.checks.queue).toMatchObject({ ok: true, mode: 'in-process' });
      // Every model of the manifest is there (shipped in the repository or the shared copies).
      const files = answer.checks.models.files ?? [];
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((file) => !file.present)).toEqual([]);
    } finally {
      await harness.close();
    }
  });

  it('finds the weights shipped in the repository with an empty MODELS_DIR, as on a fresh clone', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'roomcraft-no-models-'));
    const harness = await startTestApp(sqlite, { smtpUrl: smtp.url, env: { MODELS_DIR: empty } });
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/api/ready' });
      const files = response.json<ReadyAnswer>().checks.models.files ?? [];
      const present = (name: string) => files.find((file) => file.name === name)?.present;
      expect(present('yolox_nano')).toBe(true);
      expect(present('room_segmentation')).toBe(true);
    } finally {
      await harness.close();
    }
  });

  it('answers 503 naming the storage when the bucket cannot be reached', async () => {
    const harness = await startTestApp(sqlite, {
      smtpUrl: smtp.url,
      env: { ...s3.env, S3_BUCKET: 'roomcraft-ready' },
    });
    try {
      const ready = await harness.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json<ReadyAnswer>().checks.storage).toMatchObject({ ok: true, kind: 's3' });
      await s3.close();
      const response = await harness.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      const answer = response.json<ReadyAnswer>();
      expect(answer.status).toBe('unavailable');
      expect(answer.checks.storage).toMatchObject({ ok: false, kind: 's3' });
      expect(answer.checks.database?.ok).toBe(true);
    } finally {
      await harness.close();
    }
  });
});
