import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver ships no types; the part used here is small.
// @ts-expect-error -- untyped CommonJS module
import S3rver from 's3rver';
import type { S3Settings } from '../platform/s3-storage';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free loopback port, with one empty bucket. */
export async function startS3Server(bucket = 'roomcraft') {
  const directory = mkdtempSync(path.join(tmpdir(), 'roomcraft-s3-'));
  const Server = S3rver as new (options: object) => S3rverInstance;
  const server = new Server({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  let closed = false;
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    /** The variables a server process reads to use this bucket. */
    env: {
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** Stops the server (once; later calls do nothing) and removes its files. */
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
