import { vi } from 'vitest';
import { json } from './render-routes.tsx';

/**
 * The API as the top-up panel meets it: GET /api/v1/store answers `store`, the top-ups still open are
 * `pending` (each also answers GET by its id), and every payment request is recorded in the returned
 * list and refused with the provider down (503), so a test sees exactly what the panel sent.
 */
export function stubTopupApi(store: Record<string, unknown>, pending: { id: string }[] = []): unknown[] {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/store') return json(store);
      if (url.pathname === '/api/v1/wallets/payments/pending')
        return json(pending, 200, { 'X-Total-Count': String(pending.length) });
      const one = pending.find((p) => url.pathname === `/api/v1/wallets/payments/${p.id}`);
      if (one && init?.method !== 'POST') return json(one);
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(
          { detail: 'Pagamentos indisponíveis no momento.', code: 'PAYMENT_PROVIDER_UNAVAILABLE' },
          503,
        );
      }
      return json({ detail: 'Recurso não encontrado.', code: 'NOT_FOUND' }, 404);
    }),
  );
  return posts;
}
