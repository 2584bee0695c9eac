import type { StoreInfo } from '@numero/contract/common';
import type { PaymentIntent } from '@numero/contract/wallet';
import { HttpResponse, http } from 'msw/http';
import { demoStore, problem } from './handlers.ts';
import { server } from './server.ts';

/**
 * The API as the top-up panel meets it: GET /api/v1/store answers `store` (over the demo store's), the top-ups still open are
 * `pending` (each also answers GET by its id), and every new top-up is recorded in `posts` and refused
 * with the provider down (503), so a test sees exactly what the panel sent.
 */
export function answerTopups(store: Partial<StoreInfo>, pending: PaymentIntent[] = []) {
  const seen = { posts: [] as unknown[], storeReads: 0, pendingReads: 0 };
  server.use(
    http.get('/api/v1/store', () => {
      seen.storeReads++;
      return HttpResponse.json(demoStore(store));
    }),
    http.get('/api/v1/wallets/payments/pending', () => {
      seen.pendingReads++;
      return HttpResponse.json(pending, { headers: { 'X-Total-Count': String(pending.length) } });
    }),
    http.get('/api/v1/wallets/payments/:id', ({ params }) => {
      const one = pending.find((p) => p.id === params.id);
      return one ? HttpResponse.json(one) : problem(404, 'NOT_FOUND', 'Recurso não encontrado.');
    }),
    http.post('/api/v1/wallets/payments/create-intent', async ({ request }) => {
      seen.posts.push(await request.json());
      return problem(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Pagamentos indisponíveis no momento.');
    }),
  );
  return seen;
}
