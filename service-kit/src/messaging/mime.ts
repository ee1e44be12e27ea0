/**
 * A minimal MIME reader for the messages nodemailer writes (and well-formed mail in
 * general): header unfolding, RFC 2047 encoded words, RFC 2231 parameters, nested
 * multiparts, base64 and quoted-printable bodies. Raw bytes are handled as latin1 strings
 * (one char per byte), so nothing is lost before a charset is applied.
 */

export interface ParsedAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

export interface ParsedEmail {
  /** Lower-cased header name to its decoded values, in order. */
  readonly headers: ReadonlyMap<string, readonly string[]>;
  readonly text?: string;
  readonly html?: string;
  readonly attachments: ParsedAttachment[];
}

export function parseEmail(raw: Buffer): ParsedEmail {
  const root = parseEntity(raw.toString('latin1'));
  const found: { text?: string; html?: string; attachments: ParsedAttachment[] } = { attachments: [] };
  collect(root, found);
  const headers = new Map<string, string[]>();
  for (const [name, values] of root.headers) headers.set(name, values.map(decodeHeaderValue));
  return { headers, ...found };
}

interface Entity {
  readonly headers: ReadonlyMap<string, readonly string[]>;
  /** latin1 */
  readonly body: string;
}

function parseEntity(raw: string): Entity {
  const blank = /\r?\n\r?\n/.exec(raw);
  let headerText: string;
  let body: string;
  if (/^\r?\n/.test(raw)) {
    headerText = '';
    body = raw.replace(/^\r?\n/, '');
  } else if (blank === null) {
    headerText = raw;
    body = '';
  } else {
    headerText = raw.slice(0, blank.index);
    body = raw.slice(blank.index + blank[0].length);
  }
  const headers = new Map<string, string[]>();
  for (const line of headerText.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const values = headers.get(name) ?? [];
    values.push(line.slice(colon + 1).trim());
    headers.set(name, values);
  }
  return { headers, body };
}

function collect(entity: Entity, found: { text?: string; html?: string; attachments: ParsedAttachment[] }): void {
  const type = parseParameterised(entity.headers.get('content-type')?.[0] ?? 'text/plain; charset=us-ascii');
  const boundary = type.params.get('boundary');
  if (type.value.startsWith('multipart/') && boundary) {
    for (const part of splitMultipart(entity.body, boundary)) collect(parseEntity(part), found);
    return;
  }
  const content = decodeTransferEncoding(entity.body, entity.headers.get('content-transfer-encoding')?.[0] ?? '7bit');
  const disposition = parseParameterised(entity.headers.get('content-disposition')?.[0] ?? '');
  const filename = disposition.params.get('filename') ?? type.params.get('name');
  const isText = type.value === 'text/plain' || type.value === 'text/html';
  if (disposition.value === 'attachment' || filename !== undefined || !isText) {
    found.attachments.push({ filename: filename ?? 'attachment', contentType: type.value, content });
    return;
  }
  const decoded = decodeCharset(content, type.params.get('charset')).replace(/\r\n/g, '\n');
  if (type.value === 'text/plain' && found.text === undefined) found.text = decoded;
  else if (type.value === 'text/html' && found.html === undefined) found.html = decoded;
  else found.attachments.push({ filename: 'attachment', contentType: type.value, content });
}

/** Body parts between `--boundary` lines, up to the closing `--boundary--`; preamble and epilogue dropped. */
export function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escapeRegExp(boundary)}(--)?[ \\t]*(?=\\r?\\n|$)`, 'g');
  const parts: string[] = [];
  let start = -1;
  for (let match = delimiter.exec(body); match !== null; match = delimiter.exec(body)) {
    if (start >= 0) parts.push(body.slice(start, Math.max(start, match.index)));
    if (match[1] === '--') return parts;
    const end = match.index + match[0].length;
    // The line break after the delimiter line is not part of the next part; the regex may still use it as the next delimiter's prefix.
    start = body.startsWith('\r\n', end) ? end + 2 : body.startsWith('\n', end) ? end + 1 : end;
  }
  if (start >= 0) parts.push(body.slice(start));
  return parts;
}

function decodeTransferEncoding(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(decodeQuotedPrintable(body), 'latin1');
    default:
      return Buffer.from(body, 'latin1');
  }
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/[ \t]+(?=\r?\n|$)/g, '') // trailing whitespace was added in transit
    .replace(/=\r?\n/g, '') // soft line breaks
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

interface Parameterised {
  /** Lower-cased, e.g. 'multipart/mixed' or 'attachment'. */
  readonly value: string;
  /** Lower-cased names, decoded values (RFC 2231 continuations joined, encoded words decoded). */
  readonly params: ReadonlyMap<string, string>;
}

/** `value; name=token; name="quoted"; name*=utf-8''percent; name*0*=...; name*1*=...` */
export function parseParameterised(header: string): Parameterised {
  const [first = '', ...rest] = splitOutsideQuotes(header, ';');
  const plain = new Map<string, string>();
  const extended = new Map<string, Array<{ index: number; encoded: boolean; value: string }>>();
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    const value = unquote(piece.slice(eq + 1).trim());
    const rfc2231 = /^([^*]+)\*(?:(\d+)\*?)?$/.exec(key);
    if (rfc2231 === null || rfc2231[1] === undefined) {
      plain.set(key, decodeHeaderValue(value));
      continue;
    }
    const segments = extended.get(rfc2231[1]) ?? [];
    segments.push({ index: Number(rfc2231[2] ?? 0), encoded: key.endsWith('*'), value });
    extended.set(rfc2231[1], segments);
  }
  const params = new Map(plain);
  for (const [name, segments] of extended) {
    segments.sort((a, b) => a.index - b.index);
    let charset: string | undefined;
    const bytes: Buffer[] = [];
    segments.forEach((segment, i) => {
      let value = segment.value;
      if (segment.encoded && i === 0) {
        const match = /^([^']*)'[^']*'(.*)$/s.exec(value);
        if (match) {
          charset = match[1] || undefined;
          value = match[2] ?? '';
        }
      }
      bytes.push(segment.encoded ? percentDecode(value) : Buffer.from(value, 'latin1'));
    });
    params.set(name, decodeCharset(Buffer.concat(bytes), charset));
  }
  return { value: first.trim().toLowerCase(), params };
}

/** Decodes RFC 2047 encoded words; adjacent words are joined as bytes, so a character split across them survives. */
export function decodeHeaderValue(raw: string): string {
  const word = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
  let out = '';
  let pending: { charset: string; bytes: Buffer[] } | null = null;
  const flush = () => {
    if (pending) out += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = null;
  };
  let last = 0;
  for (let match = word.exec(raw); match !== null; match = word.exec(raw)) {
    const between = raw.slice(last, match.index);
    if (!(pending && /^[ \t]*$/.test(between))) {
      flush();
      out += Buffer.from(between, 'latin1').toString('utf8');
    }
    const charset = (match[1] ?? '').split('*')[0] ?? '';
    const text = match[3] ?? '';
    const bytes =
      match[2]?.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
    const current: { charset: string; bytes: Buffer[] } | null = pending;
    if (current !== null && current.charset.toLowerCase() === charset.toLowerCase()) current.bytes.push(bytes);
    else {
      flush();
      pending = { charset, bytes: [bytes] };
    }
    last = match.index + match[0].length;
  }
  flush();
  return out + Buffer.from(raw.slice(last), 'latin1').toString('utf8');
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  const label = (charset ?? 'utf-8').trim().toLowerCase();
  try {
    return new TextDecoder(label === 'us-ascii' ? 'utf-8' : label).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function percentDecode(value: string): Buffer {
  return Buffer.from(value.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted && c === '\\' && i + 1 < text.length) {
      current += c + text[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
