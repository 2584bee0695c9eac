import {
  InvalidWebhookSignatureError,
  MercadoPagoError,
  MPConnectionError,
  WebhookSignatureValidator,
} from 'mercadopago';
import { notificationSchema } from './mercadopago-mapping.ts';
import { PaymentProviderError, WebhookSignatureError } from './payment-provider.ts';
import { checkTimestamp, headerValue, parseSignatureHeader, type RawHeaders } from './signature.ts';

// What the Mercado Pago SDK throws and checks, in the store's words.

/** The SDK's errors as the store's; a 4xx becomes `clientErrorCode` (a refused card token is DECLINED). */
export function sdkFailure(
  error: unknown,
  timeoutMs: number,
  clientErrorCode: PaymentProviderError['code'],
): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof MPConnectionError) {
    return new PaymentProviderError(
      'UNAVAILABLE',
      /abort/i.test(error.message)
        ? `Mercado Pago did not answer within ${timeoutMs} ms`
        : 'Mercado Pago could not be reached',
    );
  }
  if (!(error instanceof MercadoPagoError)) return new PaymentProviderError('BAD_REPLY', String(error));
  const status = error.status;
  // Keep whatever the provider echoes about our credentials out of messages that reach logs.
  if (status === 401 || status === 403) {
    return new PaymentProviderError('UNAVAILABLE', `Mercado Pago refused our credentials (${status})`);
  }
  const cause = error.causes[0] as { description?: unknown } | undefined;
  const detail = typeof cause?.description === 'string' ? cause.description : error.message;
  const message = `Mercado Pago answered ${status}: ${detail}`;
  if (status === 404) return new PaymentProviderError('NOT_FOUND', message);
  if (status === 429 || status >= 500) return new PaymentProviderError('UNAVAILABLE', message);
  if (status >= 400) return new PaymentProviderError(clientErrorCode, message);
  return new PaymentProviderError('BAD_REPLY', message);
}

/**
 * Checks `x-signature` over the manifest of data.id, x-request-id and ts with the SDK's validator, then
 * the age of ts; returns the notification. Throws WebhookSignatureError before anything is trusted.
 */
export function verifyMercadoPagoWebhook(
  rawBody: Buffer,
  headers: RawHeaders,
  secret: string,
  nowMs: number,
) {
  const signature = headerValue(headers, 'x-signature');
  const requestId = headerValue(headers, 'x-request-id');
  if (!signature) throw new WebhookSignatureError('x-signature is missing');
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('the body is not JSON, so data.id cannot be checked');
  }
  const body = notificationSchema.safeParse(json);
  if (!body.success) throw new WebhookSignatureError('the body has no data.id to check');
  const dataId = body.data.data.id;
  try {
    WebhookSignatureValidator.validate({
      xSignature: signature,
      xRequestId: requestId,
      // Mercado Pago lower-cases alphanumeric ids in the manifest.
      dataId: /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId,
      secret,
    });
  } catch (error) {
    if (error instanceof InvalidWebhookSignatureError) throw new WebhookSignatureError(error.message);
    throw error;
  }
  // The SDK reads ts as seconds only, but it has been seen in milliseconds too: the window is ours.
  const ts = parseSignatureHeader(signature).get('ts')?.[0] ?? '';
  checkTimestamp(ts.length >= 13 ? Number(ts) / 1000 : Number(ts), nowMs);
  return { dataId, body: body.data, requestId };
}
