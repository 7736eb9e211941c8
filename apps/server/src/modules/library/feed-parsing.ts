/** A record of an operator's feed with the line it starts on, for error reports. */
export interface FeedRecord {
  line: number;
  fields: Record<string, unknown>;
}

export class FeedFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** RFC 4180 CSV: a header row, quoted fields with "" escapes and line breaks inside quotes. */
export function parseCsv(text: string): FeedRecord[] {
  const rows: { line: number; cells: string[] }[] = [];
  let line = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let rowLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i] ?? '';
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) throw new FeedFormatError(rowLine, 'a quoted field is never closed');
  cells.push(cell);
  if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells });

  const [header, ...records] = rows;
  if (!header) throw new FeedFormatError(1, 'the file is empty');
  const names = header.cells.map((name) => name.trim());
  return records.map(({ line: recordLine, cells: values }) => {
    if (values.length !== names.length) {
      throw new FeedFormatError(
        recordLine,
        `expected ${names.length} columns, found ${values.length}`,
      );
    }
    return {
      line: recordLine,
      fields: Object.fromEntries(names.map((name, index) => [name, values[index]])),
    };
  });
}

/** A JSON array of objects; each record keeps the line its object opens on. */
export function parseJsonFeed(text: string): FeedRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new FeedFormatError(1, `not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new FeedFormatError(1, 'expected a JSON array of products');
  const lines = objectStartLines(text);
  return parsed.map((item, index) => {
    const line = lines[index] ?? 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new FeedFormatError(line, 'expected an object');
    }
    return { line, fields: item as Record<string, unknown> };
  });
}

/**
 * The line of every object, array or string that opens at depth 1 of the top-level array. Items
 * are matched by index, which holds up to the first item that is not an object, and that one
 * fails the file anyway.
 */
function objectStartLines(text: string) {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') line++;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      if (depth === 1) lines.push(line);
      inString = true;
    } else if (char === '{' || char === '[') {
      if (depth === 1) lines.push(line);
      depth++;
    } else if (char === '}' || char === ']') depth--;
  }
  return lines;
}
