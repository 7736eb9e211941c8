/**
 * Tokenising and phrase lookup for the assistant. Instructions and catalogue names go through
 * the same `tokenise`, so "Hague-Blue", "hague blue" and "HagueBlue" all find "Hague Blue".
 */

/** Spelling variants folded to one form before matching. */
const SPELLINGS: Readonly<Record<string, string>> = {
  gray: 'grey',
  color: 'colour',
  colors: 'colour',
  colored: 'coloured',
  recolor: 'recolour',
  greyish: 'grey',
  grayish: 'grey',
  bluish: 'blue',
  greenish: 'green',
  reddish: 'red',
  pinkish: 'pink',
  yellowish: 'yellow',
  whitish: 'white',
  shelves: 'shelf',
  leaves: 'leaf',
};

/** A plural noun's singular, conservatively (tiles → tile, shelves → shelf, glass stays). */
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Lower-case words, apostrophes dropped, plurals singular, spelling variants folded. */
export function tokenise(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => SPELLINGS[word] ?? singular(word));
}

/** A match of a phrase in a token list: tokens [start, end). */
export interface Span<T> {
  start: number;
  end: number;
  value: T;
}

/**
 * Phrases (each a token sequence) looked up by their letters alone, so spacing and punctuation
 * do not matter; the longest phrase wins where several start at the same token.
 */
export class PhraseIndex<T> {
  private readonly byKey = new Map<string, T>();
  private maxTokens = 1;

  /** Adds a phrase; an earlier phrase with the same letters keeps precedence. */
  add(phrase: string, value: T): void {
    const tokens = tokenise(phrase);
    if (tokens.length === 0) return;
    const key = tokens.join('');
    if (!this.byKey.has(key)) this.byKey.set(key, value);
    this.maxTokens = Math.max(this.maxTokens, tokens.length);
  }

  /** Non-overlapping matches, left to right, skipping tokens marked in `taken`. */
  findAll(tokens: readonly string[], taken?: readonly boolean[]): Span<T>[] {
    const spans: Span<T>[] = [];
    let start = 0;
    while (start < tokens.length) {
      const span = this.longestAt(tokens, start, taken);
      if (span === null) {
        start++;
      } else {
        spans.push(span);
        start = span.end;
      }
    }
    return spans;
  }

  private longestAt(
    tokens: readonly string[],
    start: number,
    taken?: readonly boolean[],
  ): Span<T> | null {
    for (let length = Math.min(this.maxTokens + 1, tokens.length - start); length >= 1; length--) {
      let key = '';
      let free = true;
      for (let i = start; i < start + length; i++) {
        if (taken?.[i] === true) free = false;
        key += tokens[i] ?? '';
      }
      if (!free) continue;
      const value = this.byKey.get(key);
      if (value !== undefined) return { start, end: start + length, value };
    }
    return null;
  }

  /** Entries as [letters, value], e.g. for fuzzy matching. */
  entries(): IterableIterator<[string, T]> {
    return this.byKey.entries();
  }
}

/** Optimal string alignment distance (edits incl. adjacent swaps), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = new Uint16Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (d[(i - 1) * cols + j] ?? 0) + 1,
        (d[i * cols + j - 1] ?? 0) + 1,
        (d[(i - 1) * cols + j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (d[(i - 2) * cols + j - 2] ?? 0) + 1);
      }
      d[i * cols + j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
  }
  return d[rows * cols - 1] ?? limit + 1;
}
