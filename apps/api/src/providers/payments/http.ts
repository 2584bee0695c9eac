import { PaymentProviderError } from './payment-provider.ts';

export interface HttpReply {
  status: number;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  json: unknown;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * One call to a provider API with a deadline. Network failures and timeouts become UNAVAILABLE; the
 * caller maps HTTP statuses, since each provider words its errors differently.
 */
export async function callProvider(
  fetchImpl: typeof fetch,
  provider: string,
  timeoutMs: number,
  request: HttpRequest,
): Promise<HttpReply> {
  const signal = AbortSignal.timeout(timeoutMs);
  let text: string;
  let status: number;
  try {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: { accept: 'application/json', ...request.headers },
      body: request.body,
      signal,
      redirect: 'error',
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (signal.aborted)
      throw new PaymentProviderError('UNAVAILABLE', `${provider} did not answer within ${timeoutMs} ms`);
    // The cause is a network-level message; no credentials travel in URLs, so it is safe to keep.
    const cause = error instanceof Error ? error.message : 'unknown error';
    throw new PaymentProviderError('UNAVAILABLE', `${provider} could not be reached: ${cause}`);
  }
  let json: unknown;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status, json };
}
