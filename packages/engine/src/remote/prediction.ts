/**
 * A minimal client for Replicate's prediction HTTP API: create a prediction, poll it until it
 * settles, cancel it when the caller gives up, and download its output. Errors become
 * EngineErrors with the kind the server maps to an HTTP status.
 */
import { EngineError } from '../types';

export interface ReplicateClientOptions {
  token: string;
  baseUrl: string;
  pollIntervalMs: number;
  fetchImpl: typeof fetch;
}

/** The fields of a prediction the client reads. */
interface Prediction {
  id: string;
  status: string;
  output?: unknown;
  error?: unknown;
  urls?: { get?: unknown; cancel?: unknown };
}

const SETTLED: ReadonlySet<string> = new Set(['succeeded', 'failed', 'canceled']);

/** How long a best-effort cancel may take once the prediction is abandoned. */
const CANCEL_TIMEOUT_MS = 5_000;
/** Outputs larger than this are not images we asked for. */
const MAX_OUTPUT_BYTES = 50 * 1024 * 1024;

export class ReplicateClient {
  private readonly origin: string;

  constructor(private readonly options: ReplicateClientOptions) {
    this.origin = new URL(options.baseUrl).origin;
  }

  /**
   * Runs one prediction to completion and returns its output URLs. When `signal` fires the
   * prediction is cancelled on the provider (so it stops costing money) and the signal's
   * reason is thrown.
   */
  async run(
    version: string,
    input: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<string[]> {
    let prediction = await this.create(version, input, signal);
    try {
      for (;;) {
        const outputs = settledOutputs(prediction);
        if (outputs !== null) return outputs;
        await sleep(this.options.pollIntervalMs, signal);
        prediction = await this.request('GET', this.predictionUrl(prediction, 'get'), signal);
      }
    } catch (error) {
      if (signal.aborted) {
        await this.cancel(prediction);
        throw abortReason(signal);
      }
      throw error;
    }
  }

  /** Downloads an output; the token is sent only to the API's own origin. */
  async download(url: string, signal: AbortSignal): Promise<Buffer> {
    const parsed = parseUrl(url);
    const headers: Record<string, string> =
      parsed.origin === this.origin ? { Authorization: `Bearer ${this.options.token}` } : {};
    const response = await this.fetch(parsed.href, { headers, signal }, signal);
    if (!response.ok) throw providerStatusError(response.status, '');
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_OUTPUT_BYTES) {
      throw new EngineError('provider', 'The image provider returned an unusable image');
    }
    return bytes;
  }

  private async create(
    version: string,
    input: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Prediction> {
    return this.request('POST', `${this.options.baseUrl}/v1/predictions`, signal, {
      version,
      input,
    });
  }

  /** Best effort: the prediction is abandoned either way, so a failed cancel is not an error. */
  private async cancel(prediction: Prediction): Promise<void> {
    if (SETTLED.has(prediction.status)) return;
    try {
      const response = await this.options.fetchImpl(this.predictionUrl(prediction, 'cancel'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.options.token}` },
        signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
      });
      await response.body?.cancel();
    } catch {
      // Nothing more to do: the provider will time the prediction out itself.
    }
  }

  /**
   * The prediction's own `urls.get`/`urls.cancel` when they are on the API's origin (so the
   * token never goes elsewhere), else the documented path.
   */
  private predictionUrl(prediction: Prediction, which: 'get' | 'cancel'): string {
    const given = prediction.urls?.[which];
    if (typeof given === 'string') {
      const url = URL.canParse(given) ? new URL(given) : null;
      if (url?.origin === this.origin) return url.href;
    }
    const path = `${this.options.baseUrl}/v1/predictions/${encodeURIComponent(prediction.id)}`;
    return which === 'get' ? path : `${path}/cancel`;
  }

  private async request(
    method: 'GET' | 'POST',
    url: string,
    signal: AbortSignal,
    body?: unknown,
  ): Promise<Prediction> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.options.token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = { method, headers, signal };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await this.fetch(url, init, signal);
    const text = await response.text().catch(() => '');
    if (!response.ok) throw providerStatusError(response.status, text);
    return parsePrediction(text);
  }

  /** fetch, with network failures as provider errors and aborts as the signal's reason. */
  private async fetch(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    try {
      return await this.options.fetchImpl(url, init);
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      if (error instanceof EngineError) throw error;
      throw new EngineError('provider', 'The image provider could not be reached');
    }
  }
}

/** Output URLs of a succeeded prediction, an error for a failed one, null while it runs. */
function settledOutputs(prediction: Prediction): string[] | null {
  switch (prediction.status) {
    case 'succeeded': {
      const output = prediction.output;
      const urls = (Array.isArray(output) ? output : [output]).filter(
        (item): item is string => typeof item === 'string' && item.length > 0,
      );
      if (urls.length === 0) {
        throw new EngineError('provider', 'The image provider returned no image');
      }
      return urls;
    }
    case 'failed':
    case 'canceled': {
      const detail = typeof prediction.error === 'string' ? `: ${prediction.error}` : '';
      const verb = prediction.status === 'failed' ? 'failed' : 'was cancelled';
      throw new EngineError('provider', `The image provider's generation ${verb}${detail}`);
    }
    default:
      return null;
  }
}

function parsePrediction(text: string): Prediction {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('id' in parsed) ||
    !('status' in parsed) ||
    typeof parsed.id !== 'string' ||
    typeof parsed.status !== 'string'
  ) {
    throw new EngineError('provider', 'The image provider sent an answer we could not read');
  }
  return parsed as Prediction;
}

/** Maps an HTTP status from the provider to the EngineError the server understands. */
export function providerStatusError(status: number, body: string): EngineError {
  if (status === 401 || status === 403) {
    return new EngineError('provider', 'The image provider rejected our credentials');
  }
  if (status === 422) {
    const detail = detailOf(body);
    return new EngineError(
      'invalid_input',
      `The image provider rejected the request${detail ? `: ${detail}` : ''}`,
    );
  }
  if (status === 429) {
    return new EngineError('busy', 'The image provider is busy; try again in a moment');
  }
  return new EngineError('provider', `The image provider answered with an error (${status})`);
}

function detailOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'detail' in parsed) {
      return typeof parsed.detail === 'string' ? parsed.detail.slice(0, 200) : '';
    }
  } catch {
    // Not JSON: no detail to show.
  }
  return '';
}

function parseUrl(url: string): URL {
  if (!URL.canParse(url)) {
    throw new EngineError('provider', 'The image provider returned an invalid image address');
  }
  const parsed = new URL(url);
  if (!['https:', 'http:', 'data:'].includes(parsed.protocol)) {
    throw new EngineError('provider', 'The image provider returned an invalid image address');
  }
  return parsed;
}

/** The reason an aborted signal carries, as an Error. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('The operation was aborted', 'AbortError');
}

/** Waits `ms`, rejecting with the signal's reason as soon as it fires. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
