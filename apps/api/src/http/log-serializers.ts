import type { FastifyRequest } from 'fastify';

/**
 * What the logger keeps of a request and of an error (its `req` and `err` serializers), on every path:
 * never what a request carries in its query string (a bot's API key, a reset token) nor the values
 * bound to a SQL statement.
 */

/** Fields the logger censors wherever they appear (pino's `redact`, set in app.ts). */
export const LOG_SECRET_FIELDS = [
  'password',
  'token',
  'secret',
  'apiKey',
  'api_key',
  'key',
  'cardNumber',
  'card_number',
  'cvc',
  'cvv',
];

/** Route parameters that are secrets: the seller's webhook token in `/providers/:provider/sms/:token`. */
const SECRET_PARAM = /^(token|secret|key|api_?key|password)$|(Token|Secret)$/;

/**
 * The path a log may show: never the query string (a bot's `api_key`, a link's `token`, whatever a
 * parameter is called), and `[redacted]` for each route parameter that is a secret.
 */
export function loggablePath(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const path = request.url.split('?')[0] ?? '/';
  const route = request.routeOptions?.url;
  if (!route?.split('/').some((part) => SECRET_PARAM.test(part.slice(1)))) return path;
  // Same number of segments as the route's template: each `:secret` one replaced, the others kept.
  const parts = path.split('/');
  const template = route.split('/');
  if (parts.length !== template.length) return route;
  return parts
    .map((part, i) =>
      template[i]!.startsWith(':') && SECRET_PARAM.test(template[i]!.slice(1)) ? '[redacted]' : part,
    )
    .join('/');
}

/** A request in the log: its method and path, never its query string nor a secret in the path. */
export function loggableRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggablePath(request),
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
