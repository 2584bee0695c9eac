import type { CurrentUser } from '@numero/contract/account';
import type { StoreInfo } from '@numero/contract/common';
import { HttpResponse, http } from 'msw/http';

/** An error from the API in its shape, `{ detail, code }`, with its status. */
export function problem(status: number, code: string, detail = ''): Response {
  return HttpResponse.json({ detail, code }, { status });
}

/** A signed-in customer as GET /api/v1/users/me describes them; `over` makes them staff, and so on. */
export function user(over: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ana@numero.test',
    role: 'CUSTOMER',
    roles: [over.role ?? 'CUSTOMER'],
    is_active: true,
    preferred_language: 'pt-BR',
    preferred_currency: 'BRL',
    profile: { full_name: null, phone_number: null },
    created_at: '2025-01-01T00:00:00.000Z',
    must_change_password: false,
    ...over,
  };
}

/** GET /api/v1/users/me answers `me` (read at each request, so a test may change who is signed in). */
export function signedIn(me: CurrentUser | (() => CurrentUser)) {
  return http.get('/api/v1/users/me', () => HttpResponse.json(typeof me === 'function' ? me() : me));
}

/** GET /api/v1/users/me answers that nobody is signed in. */
export function signedOut() {
  return http.get('/api/v1/users/me', () => problem(401, 'NOT_AUTHENTICATED', 'Não autenticado'));
}

/** What GET /api/v1/store says: a demo store with the default top-up limits unless `over` says otherwise. */
export function demoStore(over: Partial<StoreInfo> = {}): StoreInfo {
  return {
    demo: true,
    topup_limits: { BRL: { min: 500, max: 500_000 }, USD: { min: 100, max: 100_000 } },
    payer_required: [],
    ...over,
  };
}

/** GET /api/v1/store answers `demoStore(over)`. */
export function storeInfo(over: Partial<StoreInfo> = {}) {
  return http.get('/api/v1/store', () => HttpResponse.json(demoStore(over)));
}

/** GET /api/v1/wallets/: the signed-in user's balances, in cents. */
export function wallets(balances: Partial<Record<'BRL' | 'USD', number>>) {
  return http.get('/api/v1/wallets/', () =>
    HttpResponse.json(
      Object.entries(balances).map(([currency, balance]) => ({ balance, currency, formatted: '' })),
    ),
  );
}

/** GET /api/v1/rentals/quote: no product is rentable, so the purchase dialog offers activations only. */
export function notRentable() {
  return http.get('/api/v1/rentals/quote', ({ request }) => {
    const asked = new URL(request.url).searchParams;
    return HttpResponse.json({
      product_id: Number(asked.get('product_id')),
      rentable: false,
      currency: asked.get('currency'),
      cancel_window_minutes: 20,
      durations: [],
    });
  });
}
