/**
 * The image engine the server runs (ARCHITECTURE §6): the local CPU engine by default, or
 * Replicate for restyle and inpainting with the local engine for everything else. The local
 * engine loads its models on first use, so the server starts without them; only the actions that
 * need a missing model answer 503 naming it.
 */
import { createLocalEngine, createReplicateEngine, type ImageEngine } from '@roomcraft/engine';
import type { EngineConfig } from '../../config';

export function createEngine(config: EngineConfig): ImageEngine {
  const local = createLocalEngine({
    modelsDir: config.modelsDir,
    allowDownload: config.allowModelDownload,
    threads: config.threads,
    maxQueue: config.maxQueue,
  });
  if (config.provider === 'local' || !config.replicate) return local;
  // Closing the remote engine closes its local fallback too.
  return createReplicateEngine({
    token: config.replicate.token,
    baseUrl: config.replicate.baseUrl,
    restyleVersion: config.replicate.restyleVersion,
    inpaintVersion: config.replicate.inpaintVersion,
    // The server's deadline (ENGINE_TIMEOUT_SECONDS) is the one that counts; the provider's is the same.
    timeoutMs: config.timeoutSeconds * 1000,
    fallback: local,
  });
}
