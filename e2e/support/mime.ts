/**
 * Just enough MIME to read the mails the server sends: headers, nested multiparts, and
 * quoted-printable or base64 bodies in any charset TextDecoder knows. mailparser is not among the
 * project's dependencies and this is all the tests need.
 *
 * The raw message is handled as a latin1 ("binary") string so every byte survives until a part's
 * body is decoded with its own charset.
 */

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  from: string;
  to: string;
  /** The first text/plain part, decoded; empty when there is none. */
  text: string;
  /** The first text/html part, decoded; empty when there is none. */
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

export function parseMail(raw: Buffer | string): ParsedMail {
  const binary =
    typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1');
  const root = splitPart(binary);
  const leaves = flatten(root);
  const firstOf = (type: string) => {
    const part = leaves.find((leaf) => contentType(leaf).type === type);
    return part ? decodeBody(part) : '';
  };
  const header = (name: string) => decodeWords(root.headers.get(name) ?? '');
  return {
    headers: root.headers,
    subject: header('subject'),
    from: header('from'),
    to: header('to'),
    text: firstOf('text/plain'),
    html: firstOf('text/html'),
  };
}

/** Every absolute http(s) URL in a text, in order. */
export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
}

/** Decodes quoted-printable: soft line breaks (`=` at a line's end) vanish, `=XX` is a byte. */
export function decodeQuotedPrintable(body: string): Buffer {
  // Whitespace before a soft break is content ("your email =\naddress"); at a hard break it is
  // transport padding and goes.
  const joined = body.replace(/=\r?\n/g, '').replace(/[ \t]+(?=\r?\n|$)/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index];
    const hex = joined.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(joined.charCodeAt(index) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function splitPart(binary: string): Part {
  const match = /\r?\n\r?\n/.exec(binary);
  const headerBlock = match ? binary.slice(0, match.index) : binary;
  const body = match ? binary.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Folded header lines start with whitespace and continue the previous header.
  for (const line of headerBlock.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function contentType(part: Part) {
  const value = part.headers.get('content-type') ?? 'text/plain; charset=us-ascii';
  const [type = 'text/plain', ...rest] = value.split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals < 0) continue;
    const key = param.slice(0, equals).trim().toLowerCase();
    params.set(
      key,
      param
        .slice(equals + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

function flatten(part: Part): Part[] {
  const { type, params } = contentType(part);
  const boundary = params.get('boundary');
  if (!type.startsWith('multipart/') || !boundary) return [part];
  const delimiter = `--${boundary}`;
  const sections = part.body.split(new RegExp(`(?:^|\\r?\\n)${escapeRegExp(delimiter)}`));
  // sections[0] is the preamble; the closing delimiter leaves a section starting with "--".
  return sections
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .map((section) => splitPart(section.replace(/^[ \t]*\r?\n/, '')))
    .flatMap(flatten);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = contentType(part).params.get('charset') ?? 'us-ascii';
  let bytes: Buffer;
  if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(part.body);
  else if (encoding === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  else bytes = Buffer.from(part.body, 'latin1');
  return decodeCharset(bytes, charset).replace(/\r\n/g, '\n');
}

/** RFC 2047 encoded words in headers, such as `=?UTF-8?Q?Caf=C3=A9?=`. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_word, charset: string, kind: string, text: string) => {
        const bytes =
          kind.toUpperCase() === 'B'
            ? Buffer.from(text, 'base64')
            : decodeQuotedPrintable(text.replace(/_/g, ' '));
        return decodeCharset(bytes, charset);
      },
    );
}

function decodeCharset(bytes: Buffer, charset: string): string {
  const label = charset.toLowerCase() === 'us-ascii' ? 'utf-8' : charset;
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
