import Busboy, { type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProtocolParams } from './protocol-format.ts';

/** A bot's form never holds more than a dozen short fields; anything past these bounds is dropped. */
const FORM_LIMITS = { fields: 100, fieldSize: 64 * 1024, files: 0, parts: 200 } as const;

type Fields = Record<string, string>;

/** A name/value pair as PHP keeps it: a string value (a number is written as PHP would), else nothing. */
function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** `multipart/form-data` fields (files are read past and dropped), or none if the form is broken. */
function parseMultipart(contentType: string, body: Buffer): Promise<Fields> {
  return new Promise((resolve) => {
    const fields: Fields = Object.create(null);
    let parser: BusboyInstance;
    try {
      parser = new Busboy({ headers: { 'content-type': contentType }, limits: FORM_LIMITS });
    } catch {
      // No boundary: PHP reads nothing from such a body either.
      resolve(fields);
      return;
    }
    parser.on('field', (name: string, value: string) => {
      fields[name] = value;
    });
    parser.on('file', (_name: string, file: NodeJS.ReadableStream) => file.resume());
    parser.on('finish', () => resolve(fields));
    // A truncated form keeps the fields read before the break, as PHP does.
    parser.on('error', () => resolve(fields));
    parser.end(body);
  });
}

/** A JSON object's top-level strings and numbers; anything else (an array, broken JSON) gives none. */
function parseJsonObject(text: string): Fields {
  const fields: Fields = Object.create(null);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return fields;
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return fields;
  for (const [name, raw] of Object.entries(doc)) {
    const value = scalar(raw);
    if (value !== undefined) fields[name] = value;
  }
  return fields;
}

/** `a=1&b=2`, repeated names keeping the last value as PHP does. */
function parseForm(text: string): Fields {
  const fields: Fields = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) fields[name] = value;
  return fields;
}

/**
 * The parameters a body carries, whatever its declared type: a multipart form by its boundary, a JSON
 * object, or a urlencoded form (also when sent as text/plain or application/octet-stream, which some
 * clients use for a form). An empty or unreadable body carries none: never an error, as in PHP.
 */
export async function parseProtocolBody(contentType: string | undefined, body: Buffer): Promise<Fields> {
  if (body.length === 0) return Object.create(null);
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return parseMultipart(contentType!, body);
  const text = body.toString('utf8');
  if (type.includes('json') || /^\s*\{/.test(text)) return parseJsonObject(text);
  return parseForm(text);
}

/**
 * In the scope of the protocol's routes only: every content type is accepted and read as above, so no
 * request is refused for the shape of its body (no 415, no 400 for an empty JSON body).
 */
export function acceptAnyBody(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, async (request: FastifyRequest, body: Buffer) =>
    parseProtocolBody(request.headers['content-type'], body),
  );
}

/** The last value of a repeated query parameter (`?a=1&a=2` is 2 in PHP), or its one value. */
function lastOf(raw: unknown): string | undefined {
  return scalar(Array.isArray(raw) ? raw.at(-1) : raw);
}

/**
 * What PHP's `$_REQUEST` holds: the query string, then the body's fields over it (a name in both takes
 * the body's value). Each parameter is one string; arrays (`a[]=1`) are not protocol parameters.
 */
export function requestParams(request: FastifyRequest): ProtocolParams {
  const params: Record<string, string> = Object.create(null);
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [name, raw] of Object.entries(source)) {
      const value = lastOf(raw);
      if (value !== undefined) params[name] = value;
    }
  }
  return params;
}
