/**
 * A local stand-in for Replicate's prediction API, for tests: a node:http server on 127.0.0.1
 * that checks the bearer token, validates bodies, moves predictions starting → processing →
 * succeeded over a few polls, and serves an output PNG derived from the input image (channels
 * rotated r,g,b → b,r,g, brightened by a seed-dependent amount, and resized to a multiple of 64
 * like SDXL), so a test can tell the output came back through the whole round trip.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * What the fake does with the next requests: succeed; fail the prediction; never finish
 * (for timeouts and cancellation); or answer the create call with 429 or 500.
 */
export type FakeBehaviour = 'succeed' | 'fail' | 'hang' | 'rate_limit' | 'server_error';

export interface FakePrediction {
  id: string;
  version: string;
  input: Record<string, unknown>;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  polls: number;
  behaviour: FakeBehaviour;
  output?: string[];
  error?: string;
}

export interface FakeReplicate {
  readonly baseUrl: string;
  behaviour: FakeBehaviour;
  /** GET polls a prediction takes to settle (the first poll moves it to processing). */
  pollsBeforeDone: number;
  /** Every prediction created, in order. */
  readonly predictions: FakePrediction[];
  /** Ids the client asked to cancel. */
  readonly cancelled: string[];
  /** Requests refused for a missing or wrong token. */
  unauthorised: number;
  /**
   * Where output URLs point; the server's own address by default. Set another origin (and route
   * it back in a fetchImpl) to act like Replicate's separate file CDN.
   */
  outputOrigin: string | null;
  close(): Promise<void>;
}

/** The transform the fake's "model" applies, exported so tests can check outputs against it. */
export function fakeShift(seed: number): number {
  return 10 + (Math.abs(Math.trunc(seed)) % 30);
}

export async function startFakeReplicate(options: { token: string }): Promise<FakeReplicate> {
  const outputs = new Map<string, Buffer>();
  const fake: FakeReplicate = {
    baseUrl: '',
    behaviour: 'succeed',
    pollsBeforeDone: 2,
    predictions: [],
    cancelled: [],
    unauthorised: 0,
    outputOrigin: null,
    close: () => Promise.resolve(),
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, { detail: error instanceof Error ? error.message : 'internal error' });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', fake.baseUrl);
    const file = /^\/files\/([\w-]+)\.png$/.exec(url.pathname);
    if (request.method === 'GET' && file) {
      const bytes = outputs.get(file[1] ?? '');
      if (bytes === undefined) return send(response, 404, { detail: 'Not found' });
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': bytes.length });
      response.end(bytes);
      return;
    }
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      fake.unauthorised++;
      return send(response, 401, { detail: 'Invalid token.' });
    }
    if (request.method === 'POST' && url.pathname === '/v1/predictions') {
      return create(await readBody(request), response);
    }
    const match = /^\/v1\/predictions\/([\w-]+)(\/cancel)?$/.exec(url.pathname);
    const prediction = fake.predictions.find((p) => p.id === match?.[1]);
    if (match === null || prediction === undefined)
      return send(response, 404, { detail: 'Not found' });
    if (request.method === 'POST' && match[2] === '/cancel') {
      fake.cancelled.push(prediction.id);
      if (prediction.status === 'starting' || prediction.status === 'processing') {
        prediction.status = 'canceled';
      }
      return send(response, 200, view(prediction));
    }
    if (request.method === 'GET' && match[2] === undefined) {
      await advance(prediction);
      return send(response, 200, view(prediction));
    }
    send(response, 405, { detail: 'Method not allowed' });
  }

  function create(body: string, response: ServerResponse): void {
    if (fake.behaviour === 'rate_limit')
      return send(response, 429, { detail: 'Request was throttled.' });
    if (fake.behaviour === 'server_error')
      return send(response, 500, { detail: 'Internal server error' });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(response, 400, { detail: 'Invalid JSON' });
    }
    const version = isRecord(parsed) ? parsed.version : undefined;
    const input = isRecord(parsed) ? parsed.input : undefined;
    if (typeof version !== 'string' || version === '' || !isRecord(input)) {
      return send(response, 422, { detail: 'version and input are required' });
    }
    if (typeof input.image !== 'string' || !input.image.startsWith('data:image/')) {
      return send(response, 422, { detail: 'input.image must be an image data URI' });
    }
    const prediction: FakePrediction = {
      id: randomUUID().replace(/-/g, ''),
      version,
      input,
      status: 'starting',
      polls: 0,
      behaviour: fake.behaviour,
    };
    fake.predictions.push(prediction);
    send(response, 201, view(prediction));
  }

  async function advance(prediction: FakePrediction): Promise<void> {
    if (prediction.status !== 'starting' && prediction.status !== 'processing') return;
    prediction.polls++;
    prediction.status = 'processing';
    if (prediction.behaviour === 'hang' || prediction.polls < fake.pollsBeforeDone) return;
    if (prediction.behaviour === 'fail') {
      prediction.status = 'failed';
      prediction.error = 'CUDA out of memory';
      return;
    }
    outputs.set(prediction.id, await fakeModelOutput(prediction.input));
    prediction.output = [`${fake.outputOrigin ?? fake.baseUrl}/files/${prediction.id}.png`];
    prediction.status = 'succeeded';
  }

  function view(prediction: FakePrediction): Record<string, unknown> {
    const get = `${fake.baseUrl}/v1/predictions/${prediction.id}`;
    return {
      id: prediction.id,
      version: prediction.version,
      status: prediction.status,
      output: prediction.output ?? null,
      error: prediction.error ?? null,
      urls: { get, cancel: `${get}/cancel` },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}

/** The fake "model": the input image, channels rotated and brightened, at a multiple of 64. */
async function fakeModelOutput(input: Record<string, unknown>): Promise<Buffer> {
  const uri = typeof input.image === 'string' ? input.image : '';
  const bytes = Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64');
  const seed = typeof input.seed === 'number' ? input.seed : 0;
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const shift = fakeShift(seed);
  const out = Buffer.alloc(data.length);
  for (let p = 0; p < data.length; p += 3) {
    out[p] = Math.min(255, (data[p + 2] ?? 0) + shift);
    out[p + 1] = Math.min(255, (data[p] ?? 0) + shift);
    out[p + 2] = Math.min(255, (data[p + 1] ?? 0) + shift);
  }
  const width = Math.max(64, Math.round(info.width / 64) * 64);
  const height = Math.max(64, Math.round(info.height / 64) * 64);
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .png()
    .toBuffer();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(text);
}
