/**
 * Deterministic randomness for texture generators. Everything is derived from integer hashes so a
 * texture is a pure function of (size, seed): no Math.random, no global state.
 */

/** 32-bit integer hash of up to four integers (a murmur3-style finaliser over a simple combine). */
export function hashInts(a: number, b = 0, c = 0, d = 0): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) ^ Math.imul(c | 0, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 13), 0x9e3779b1) ^ Math.imul(d | 0, 0x61c88647);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A hash of up to four integers as a float in [0, 1). */
export function hashUnit(a: number, b = 0, c = 0, d = 0): number {
  return hashInts(a, b, c, d) / 4294967296;
}

/** Mixes a texture seed with a per-purpose salt so independent layers never share random streams. */
export function deriveSeed(seed: number, salt: number): number {
  return hashInts(seed, salt, 0x5eed);
}

export interface Random {
  /** Float in [0, 1). */
  next(): number;
  /** Float in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** Mulberry32: a tiny, fast, well-distributed seeded generator. */
export function createRandom(seed: number): Random {
  let state = hashInts(seed, 0x9e3779b9);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
  };
}
