import type { FastifyRequest } from 'fastify';

/**
 * What the logger keeps of a request and of an error (its `req` and `err` serializers), on every path:
 * never what a request carries in its query string (a bot's API key, a reset token) nor the values
 * bound to a SQL statement.
 */

/** A request in the log: its method and path, never its query string. */
export function loggableRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * What an error leaves in the log (the logger's `err` serializer): the error without the values bound
 * to a failed SQL statement (they can be a key's hash, an email, a name), which drizzle puts in the
 * message and the stack, also when the statement failed for want of a connection.
 */
export function loggableError(err: Error): {
  type: string;
  message: string;
  stack: string;
  [k: string]: unknown;
} {
  // pino hands the serializer whatever was logged under `err`: anything but an error goes as it is.
  if (!(err instanceof Error)) return err;
  const strip = (text = '') => text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
  const cause = err.cause as { code?: string; message?: string } | undefined;
  return {
    type: err.name,
    message: strip(err.message),
    stack: strip(err.stack),
    code: (err as { code?: string }).code ?? cause?.code,
    ...(cause?.message && { cause: cause.message }),
  };
}
