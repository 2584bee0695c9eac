import type { ReuseQuote } from '@numero/contract/activation-reuse';
import type { ActivationDetail } from '@numero/contract/activations';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { problem } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
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

let reuses: Headers[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  reuses = [];
  server.use(
    http.get(`/api/v1/activations/${ID}`, () => HttpResponse.json(used)),
    http.get(`/api/v1/activations/${NEW_ID}`, () => HttpResponse.json(again)),
  );
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const quoted = (answer: ReuseQuote) =>
  http.get(`/api/v1/activations/${ID}/reuse`, () => HttpResponse.json(answer));
const reused = (answer: () => Response) =>
  http.post(`/api/v1/activations/${ID}/reuse`, ({ request }) => {
    reuses.push(request.headers);
    return answer();
  });

const renderPage = () =>
  renderRoutes(
    [{ path: '/dashboard/activations/:id', element: <ActivationPage /> }],
    `/dashboard/activations/${ID}`,
  );

describe('use this number again', () => {
  it('shows the price first, then buys a new activation on the same number and opens it', async () => {
    server.use(
      quoted(quote),
      reused(() => HttpResponse.json(again, { status: 201 })),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Usar este número de novo' }));
    expect((await screen.findByTestId('reuse-price')).textContent).toBe('R$\u00a06,50');
    expect(screen.getByText(/o mesmo número, um código novo/)).toBeTruthy();
    expect(reuses).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Pagar R$\u00a06,50 e usar de novo' }));
    // Two answers in a row: the purchase, then the new activation it opens.
    expect(await screen.findByText('Aguardando o SMS…', {}, { timeout: 3_000 })).toBeTruthy();
    expect(reuses).toHaveLength(1);
    expect(reuses[0]?.get('idempotency-key')).toMatch(/^web-[0-9a-f]{32}$/);
  });

  it('says plainly when the seller no longer sells the number', async () => {
    server.use(quoted({ ...quote, available: false, reason: 'REUSE_NOT_AVAILABLE' }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Usar este número de novo' }));
    expect((await screen.findByTestId('reuse-unavailable')).textContent).toContain(
      'Este número não pode mais ser reutilizado.',
    );
    expect(screen.queryByTestId('reuse-confirm')).toBeNull();
  });

  it('says so, with the refund, when the seller refuses at the attempt', async () => {
    server.use(
      quoted(quote),
      reused(() => problem(409, 'REUSE_NOT_AVAILABLE', 'Este número não pode mais ser reutilizado.')),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Usar este número de novo' }));
    fireEvent.click(await screen.findByTestId('reuse-confirm'));
    const refused = await screen.findByTestId('reuse-unavailable');
    expect(refused.textContent).toContain('Este número não pode mais ser reutilizado.');
    expect(refused.textContent).toContain('o valor voltou para o seu saldo');
  });
});
