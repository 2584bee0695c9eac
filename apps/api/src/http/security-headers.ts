import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What every answer that is not a page carries (JSON, files, event streams, and the framework's own
 * refusals): nothing may run, frame or sniff it. Pages get Helmet's fuller set on top.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** The headers Helmet sets for these options, read once (they do not depend on the request). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers, worked out once at start-up (the Fastify wrapper of Helmet would run its middleware,
 * policy string included, for every request). Every answer gets the strict API set; an HTML page gets
 * Helmet's set instead: the web app's own scripts only, no framing, HSTS behind HTTPS.
 */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }): void {
  const page = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const hsts = page['strict-transport-security'];
  const api = hsts ? { ...API_SECURITY_HEADERS, 'strict-transport-security': hsts } : API_SECURITY_HEADERS;
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(api);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.headers(page);
    return payload;
  });
}
