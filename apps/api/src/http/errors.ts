import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/sql.ts';
import { protocolText } from './api-paths.ts';
import { type Lang, requestLanguage } from './lang.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

type Params = Record<string, string | number>;
type Message = { pt: string; en: string };

const messages = new Map<string, Message>();

/** Each feature registers the texts of its error codes; `{name}` is replaced by a parameter. */
export function registerMessages(entries: Record<string, Message>): void {
  for (const [code, message] of Object.entries(entries)) messages.set(code, message);
}

registerMessages({
  BAD_REQUEST: { pt: 'Requisição inválida.', en: 'Bad request.' },
  INVALID_JSON: {
    pt: 'O corpo da requisição não é um JSON válido.',
    en: 'The request body is not valid JSON.',
  },
  VALIDATION_ERROR: { pt: 'Dados inválidos: {fields}.', en: 'Invalid data: {fields}.' },
  UNSUPPORTED_MEDIA_TYPE: {
    pt: 'Tipo de conteúdo não suportado.',
    en: 'Unsupported content type.',
  },
  PAYLOAD_TOO_LARGE: { pt: 'O corpo da requisição é grande demais.', en: 'The request body is too large.' },
  NOT_FOUND: { pt: 'Recurso não encontrado.', en: 'Not found.' },
  METHOD_NOT_ALLOWED: { pt: 'Método não permitido.', en: 'Method not allowed.' },
  UNAUTHENTICATED: {
    pt: 'Não autenticado. Faça login para continuar.',
    en: 'Not signed in. Please sign in to continue.',
  },
  FORBIDDEN: {
    pt: 'Você não tem permissão para acessar esta área.',
    en: 'You do not have permission to access this area.',
  },
  ORIGIN_NOT_ALLOWED: { pt: 'Origem da requisição não permitida.', en: 'Request origin not allowed.' },
  RATE_LIMITED: {
    pt: 'Muitas tentativas. Por favor, aguarde alguns minutos e tente novamente.',
    en: 'Too many attempts. Please wait a few minutes and try again.',
  },
  INTERNAL: {
    pt: 'Erro interno do servidor. Tente novamente mais tarde.',
    en: 'Internal server error. Please try again later.',
  },
  SERVICE_UNAVAILABLE: {
    pt: 'Serviço temporariamente indisponível. Tente novamente mais tarde.',
    en: 'Service temporarily unavailable. Please try again later.',
  },
});

/** A failure the caller can act on: a stable code, an HTTP status, and a text in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly params: Params = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export function translate(code: string, lang: Lang, params: Params = {}): string {
  const message = messages.get(code) ?? messages.get('INTERNAL')!;
  return message[lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

const statusCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function describe(err: FastifyError): { status: number; code: string; params?: Params } {
  if (err instanceof AppError) return { status: err.status, code: err.code, params: err.params };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = err.validation.map(
      (v) => v.instancePath.replace(/^\//, '').replace(/\//g, '.') || v.message,
    );
    return { status: 422, code: 'VALIDATION_ERROR', params: { fields: [...new Set(fields)].join(', ') } };
  }
  if (
    err instanceof SyntaxError ||
    err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
  )
    return { status: 400, code: 'INVALID_JSON' };
  // A dropped database connection or a full pool is the store being briefly unavailable: the caller may retry.
  if (isDatabaseUnavailable(err)) return { status: 503, code: 'SERVICE_UNAVAILABLE' };
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, code: statusCodes[status] ?? 'BAD_REQUEST' };
  return { status: status === 503 ? 503 : 500, code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL' };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  params?: Params,
) {
  return reply.status(status).send({ detail: translate(code, requestLanguage(request), params), code });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, code, params } = describe(err);
    if (status >= 500) request.log.error({ err }, 'request failed');
    if (err instanceof AppError) reply.headers(err.headers);
    else if (status === 503) reply.header('retry-after', '1');
    return sendError(request, reply, status, code, params);
  });
}

/**
 * Requests Fastify refuses before routing (a malformed URL such as `/api/v1/%ff`) skip every hook, the
 * security headers included: they get the store's error body and a strict set of headers here.
 */
export function answerFrameworkError(_err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers({ ...API_SECURITY_HEADERS, 'cache-control': 'no-store' });
  // The resellers' protocols answer in their own words, never the website's JSON.
  const text = protocolText(request.url.split('?')[0]!, 'bad request', 'BAD_ACTION');
  if (text) return reply.status(400).type('text/plain; charset=utf-8').send(text);
  return sendError(request, reply, 400, 'BAD_REQUEST');
}
