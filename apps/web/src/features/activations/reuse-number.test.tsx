import type { ReuseQuote } from '@numero/contract/activation-reuse';
import type { ActivationDetail } from '@numero/contract/activations';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { ActivationPage } from './activation-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const NEW_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const used: ActivationDetail = {
  id: ID,
  public_id: 100001,
  product_id: 1,
  service_code: 'wa',
  service_name: 'WhatsApp',
  country_code: 'BR',
  country_name_pt: 'Brasil',
  country_name_en: 'Brazil',
  currency: 'BRL',
  price: 500,
  status: 'finished',
  phone_number: '5511987654321',
  operator: null,
  code: '123456',
  sms_text: 'Seu código do WhatsApp: 123-456',
  resend_count: 0,
  awaiting_sms: false,
  settled: 'captured',
  expires_at: '2025-03-01T12:20:00.000Z',
  remaining_seconds: 0,
  can_cancel: false,
  can_resend: false,
  can_finish: false,
  can_reuse: true,
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-01T12:00:00.000Z',
  messages: [],
};
const again: ActivationDetail = {
  ...used,
  id: NEW_ID,
  public_id: 100002,
  status: 'waiting_sms',
  code: null,
  sms_text: null,
  awaiting_sms: true,
  settled: null,
  remaining_seconds: 1200,
  can_cancel: true,
  can_reuse: false,
  reused_from: ID,
};
const quote: ReuseQuote = {
  activation_id: ID,
  phone_number: '5511987654321',
  service_name: 'WhatsApp',
  available: true,
  price: 650,
  currency: 'BRL',
  reason: null,
};

let replies: Record<string, () => { status: number; body: unknown }>;
let calls: { key: string; headers: Headers }[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  calls = [];
  replies = {
    [`GET /api/v1/activations/${ID}`]: () => ({ status: 200, body: used }),
    [`GET /api/v1/activations/${NEW_ID}`]: () => ({ status: 200, body: again }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
      calls.push({ key, headers: new Headers(init?.headers) });
      const reply = replies[key]?.() ?? { status: 404, body: { detail: 'x', code: 'NOT_FOUND' } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const renderPage = () =>
  renderRoutes(
    [{ path: '/dashboard/activations/:id', element: <ActivationPage /> }],
    `/dashboard/activations/${ID}`,
  );

describe('use this number again', () => {
  it('shows the price first, then buys a new activation on the same number and opens it', async () => {
    replies[`GET /api/v1/activations/${ID}/reuse`] = () => ({ status: 200, body: quote });
    replies[`POST /api/v1/activations/${ID}/reuse`] = () => ({ status: 201, body: again });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Usar este número de novo' }));
    expect((await screen.findByTestId('reuse-price')).textContent).toBe('R$\u00a06,50');
    expect(screen.getByText(/o mesmo número, um código novo/)).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Pagar R$\u00a06,50 e usar de novo' }));
    await waitFor(() => expect(screen.getByText('Aguardando o SMS…')).toBeTruthy());
    const post = calls.find((c) => c.key === `POST /api/v1/activations/${ID}/reuse`);
    expect(post?.headers.get('idempotency-key')).toMatch(/^web-[0-9a-f]{32}$/);
  });

  it('says plainly when the seller no longer sells the number', async () => {
    replies[`GET /api/v1/activations/${ID}/reuse`] = () => ({
      status: 200,
      body: { ...quote, available: false, reason: 'REUSE_NOT_AVAILABLE' },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Usar este número de novo' }));
    expect((await screen.findByTestId('reuse-unavailable')).textContent).toContain(
      'Este número não pode mais ser reutilizado.',
    );
    expect(screen.queryByTestId('reuse-confirm')).toBeNull();
  });

  it('says so, with the refund, when the seller refuses at the attempt', async () => {
    replies[`GET /api/v1/activations/${ID}/reuse`] = () => ({ status: 200, body: quote });
    replies[`POST /api/v1/activations/${ID}/reuse`] = () => ({
      status: 409,
      body: { code: 'REUSE_NOT_AVAILABLE', detail: 'Este número não pode mais ser reutilizado.' },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Usar este número de novo' }));
    fireEvent.click(await screen.findByTestId('reuse-confirm'));
    const refused = await screen.findByTestId('reuse-unavailable');
    expect(refused.textContent).toContain('Este número não pode mais ser reutilizado.');
    expect(refused.textContent).toContain('o valor voltou para o seu saldo');
  });
});
