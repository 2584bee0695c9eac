import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding this client takes (Brotli before gzip), or null to send the body as it is. */
export const acceptedEncoding = (request: FastifyRequest): Encoding | null =>
  negotiate<Encoding>(request.headers['accept-encoding'] ?? '', ENCODINGS);

/**
 * `body` in `encoding`, off the main thread. `effort` 'most' for a body compressed once and kept for the
 * process's life, 'some' for one made again every few seconds.
 */
export function compress(body: string, encoding: Encoding, effort: 'most' | 'some'): Promise<Buffer> {
  const most = effort === 'most';
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: most ? constants.BROTLI_MAX_QUALITY : 5 } })
    : gzipped(body, { level: most ? constants.Z_BEST_COMPRESSION : 6 });
}
