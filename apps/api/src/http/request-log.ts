import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pretty from 'pino-pretty';
import { loggablePath } from './log-serializers.ts';

/** Paths whose every request is worth a line; the web app's files only when they fail. */
const LOGGED = /^\/(api|stubs|v1)\//;

/**
 * One line per request, when it is answered: method, path (never the query string nor a secret in it),
 * status and time.
 * It replaces Fastify's two lines (received, completed) and keeps the web app's static files quiet.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const path = loggablePath(request);
    if (!error && !LOGGED.test(path) && reply.statusCode < 400) return;
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${path} ${reply.statusCode} ${ms} ms`;
    const fields = { method: request.method, url: path, status: reply.statusCode, ms };
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log.info(fields, line);
  }
}

/** The development log: local times, no pid or host, each event on one line (to stdout unless told). */
export function prettyLogStream(destination?: NodeJS.WritableStream) {
  return pretty({
    ...(destination && { destination }),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,url,status,ms',
    singleLine: true,
    sync: true,
  });
}
