import type { ActivationDetail } from '@numero/contract/activations';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { problem } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { ActivationPage } from './activation-page.tsx';
import { ACTIVATION_POLL_MS } from './api/get-activation.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const waiting: ActivationDetail = {
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
  status: 'waiting_sms',
  phone_number: '5511987654321',
  operator: null,
  code: null,
  sms_text: null,
  resend_count: 0,
  awaiting_sms: true,
  settled: null,
  expires_at: '2025-03-01T12:20:00.000Z',
  remaining_seconds: 1200,
  can_cancel: true,
  can_resend: false,
  can_finish: false,
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-01T12:00:00.000Z',
  messages: [],
};
const withCode: ActivationDetail = {
  ...waiting,
  status: 'code_received',
  code: '123456',
  sms_text: 'Seu código do WhatsApp: 123-456',
  awaiting_sms: false,
  settled: 'captured',
  can_cancel: false,
  can_resend: true,
  can_finish: true,
  messages: [
    { code: '123456', text: 'Seu código do WhatsApp: 123-456', received_at: '2025-03-01T12:00:30.000Z' },
  ],
};

let cancels: number;

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  cancels = 0;
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.clearAllMocks();
});

const detail = (answer: () => ActivationDetail) =>
  http.get(`/api/v1/activations/${ID}`, () => HttpResponse.json(answer()));

const renderPage = () =>
  renderRoutes(
    [{ path: '/dashboard/activations/:id', element: <ActivationPage /> }],
    `/dashboard/activations/${ID}`,
  );

describe('activation screen', () => {
  it('shows the number and the countdown, then the code appears without a reload', async () => {
    let polls = 0;
    server.use(detail(() => (++polls < 2 ? waiting : withCode)));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    expect(await screen.findByTestId('activation-number')).toHaveProperty('textContent', '+55 11 98765-4321');
    expect(screen.getByTestId('countdown').textContent).toMatch(/^(20:00|19:5\d)$/);
    expect(screen.getByText('Aguardando o SMS…')).toBeTruthy();
    expect(screen.queryByTestId('activation-code')).toBeNull();

    await vi.advanceTimersByTimeAsync(ACTIVATION_POLL_MS);
    const code = await screen.findByTestId('activation-code');
    expect(code.textContent).toBe('123456');
    expect(toast.success).toHaveBeenCalledWith('Código recebido!');
    expect(screen.getByRole('button', { name: 'Pedir outro SMS' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Concluir' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar e reembolsar' })).toBeNull();
  });

  it('cancels after a confirmation and says the money went back', async () => {
    let current: ActivationDetail = waiting;
    server.use(
      detail(() => current),
      http.post(`/api/v1/activations/${ID}/cancel`, () => {
        cancels++;
        current = {
          ...waiting,
          status: 'cancelled',
          settled: 'refunded',
          awaiting_sms: false,
          can_cancel: false,
        };
        return HttpResponse.json(current);
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar e reembolsar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, cancelar' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Ativação cancelada. R$\u00a05,00 voltou para o seu saldo.'),
    );
    expect((await screen.findByTestId('activation-settled')).textContent).toBe(
      'R$\u00a05,00 voltou para o seu saldo.',
    );
    expect(cancels).toBe(1);
  });

  it("shows the server's reason when cancelling is refused", async () => {
    server.use(
      detail(() => waiting),
      http.post(`/api/v1/activations/${ID}/cancel`, () =>
        problem(409, 'EARLY_CANCEL_DENIED', 'Aguarde cerca de 2 minutos e tente novamente.'),
      ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar e reembolsar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, cancelar' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Aguarde cerca de 2 minutos e tente novamente.'),
    );
  });

  it("says so when the activation is not the customer's", async () => {
    server.use(
      http.get(`/api/v1/activations/${ID}`, () => problem(404, 'NOT_FOUND', 'Ativação não encontrada.')),
    );
    renderPage();
    expect(await screen.findByText('Ativação não encontrada')).toBeTruthy();
  });
});
