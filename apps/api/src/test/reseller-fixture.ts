import { HANDLER_API_PATH } from '@numero/contract/reseller';
import type { App } from '../app.ts';
import { type SignedIn, TEST_ORIGIN } from './helpers.ts';

/** For tests only: a new API key of a signed-in user, through the profile's own route. */
export async function createApiKey(app: App, who: SignedIn, name = 'bot'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { origin: TEST_ORIGIN, cookie: who.cookie },
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  return res.json().key;
}

/** One handler_api.php call as a bot makes it: GET with a query string (or POST with a form). */
export async function callProtocol(app: App, params: Record<string, string>, method: 'GET' | 'POST' = 'GET') {
  const query = new URLSearchParams(params).toString();
  const res =
    method === 'GET'
      ? await app.inject({ method, url: `${HANDLER_API_PATH}?${query}` })
      : await app.inject({
          method,
          url: HANDLER_API_PATH,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: query,
        });
  return { status: res.statusCode, body: res.body, headers: res.headers, json: () => res.json() };
}
