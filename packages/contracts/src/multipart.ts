/**
 * The spec's multipart encoding (§7, POST /designs): undefined fields are omitted, booleans become
 * 1 and 0, arrays and objects are written with indexed keys (`a[0][name]`). The web app encodes
 * with `toFormEntries`; the server rebuilds the structure with `fromFormEntries`.
 */
export type FormValue = string | object;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

export function toFormEntries(fields: Record<string, unknown>): [string, FormValue][] {
  const entries: [string, FormValue][] = [];
  const walk = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) entries.push([key, '']);
    else if (typeof value === 'boolean') entries.push([key, value ? '1' : '0']);
    else if (typeof value === 'number' || typeof value === 'bigint')
      entries.push([key, String(value)]);
    else if (typeof value === 'string') entries.push([key, value]);
    else if (Array.isArray(value)) value.forEach((item, index) => walk(`${key}[${index}]`, item));
    else if (isPlainObject(value))
      for (const [name, item] of Object.entries(value)) walk(`${key}[${name}]`, item);
    // Anything else (a File or Blob) is sent as it is.
    else if (typeof value === 'object') entries.push([key, value]);
  };
  for (const [key, value] of Object.entries(fields)) walk(key, value);
  return entries;
}

const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_INDEX = 10_000;

/**
 * Rebuilds nested objects and arrays from indexed keys. A segment of digits makes an array
 * (holes are dropped); keys that could reach a prototype, or malformed keys, are refused.
 */
export function fromFormEntries(entries: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const match = KEY_PATTERN.exec(key);
    if (!match?.[1]) throw new Error(`Malformed field name: ${key}`);
    const path = [
      match[1],
      ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? ''),
    ];
    if (path.some((segment) => segment === '' || FORBIDDEN_KEYS.has(segment))) {
      throw new Error(`Malformed field name: ${key}`);
    }
    let node: Record<string, unknown> = root;
    path.forEach((segment, depth) => {
      const last = depth === path.length - 1;
      if (last) {
        node[segment] = value;
        return;
      }
      const next = path[depth + 1] ?? '';
      const wantsArray = /^\d+$/.test(next);
      if (wantsArray && Number(next) > MAX_INDEX) throw new Error(`Index too large: ${key}`);
      node[segment] ??= wantsArray ? [] : {};
      const child = node[segment];
      if (typeof child !== 'object' || child === null)
        throw new Error(`Conflicting field name: ${key}`);
      node = child as Record<string, unknown>;
    });
  }
  return compactArrays(root) as Record<string, unknown>;
}

function compactArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compactArrays);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, compactArrays(item)]),
    );
  }
  return value;
}
