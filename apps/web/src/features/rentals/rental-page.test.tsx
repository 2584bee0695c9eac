import type { RentalDetail } from '@numero/contract/rentals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { problem } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { RentalPage } from './rental-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const ID = '6f1c2a38-5c1e-4c4b-9a3e-8f8c7b1d2e30';
const fresh: RentalDetail = {
  id: ID,
  number: 7,
  service_code: 'wa',
  service_name: 'WhatsApp',
  country_code: 'BR',
  operator: null,
  phone_number: '5511987654321',
  status: 'active',
  currency: 'BRL',
  hours: 4,
  total_paid: 1500,
  settled: null,
  started_at: '2025-03-01T12:00:00.000Z',
  ends_at: '2025-03-01T16:00:00.000Z',
  ended_at: null,
  seconds_left: 4 * 3600,
  refundable_until: '2025-03-01T12:20:00.000Z',
  sms_count: 0,
  can_cancel: true,
  can_finish: true,
  can_extend: true,
  created_at: '2025-03-01T12:00:00.000Z',
  messages: [],
};
const withSms: RentalDetail = {
  ...fresh,
  settled: 'captured',
  refundable_until: null,
  can_cancel: false,
  sms_count: 2,
  messages: [
    {
      id: 2,
      sender: 'Google',
      text: 'G-482913 é seu código',
      code: '482913',
      received_at: '2025-03-01T12:05:00.000Z',
    },
    {
      id: 1,
      sender: 'WA',
      text: 'Seu código do WhatsApp: 123-456',
      code: '123456',
      received_at: '2025-03-01T12:01:00.000Z',
    },
  ],
};

beforeEach(async () => {
  await i18n.changeLanguage('pt');
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.clearAllMocks();
});

const detail = (answer: () => RentalDetail) =>
  http.get(`/api/v1/rentals/${ID}`, () => HttpResponse.json(answer()));

const renderPage = () =>
  renderRoutes([{ path: '/dashboard/rentals/:id', element: <RentalPage /> }], `/dashboard/rentals/${ID}`);

describe('rental screen', () => {
  it('states the rules, then shows every SMS with its code and drops the refund once one came', async () => {
    let polls = 0;
    server.use(detail(() => (++polls < 2 ? fresh : withSms)));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    expect((await screen.findByTestId('rental-phone')).textContent).toBe('+55 11 98765-4321');
    expect(screen.getByTestId('rental-refund-rule').textContent).toMatch(
      /^Cancelar com reembolso total é possível até/,
    );
    expect(
      screen.getByText('Depois do primeiro SMS ou desse prazo, encerrar a locação não devolve o valor.'),
    ).toBeTruthy();
    expect(screen.getByTestId('rental-cancel')).toBeTruthy();
    expect(screen.getByTestId('rental-inbox-empty').textContent).toMatch(/Aguardando SMS/);

    await vi.advanceTimersByTimeAsync(3_000); // the screen asks again every 3 s while the rental is active
    await waitFor(() => expect(screen.getAllByTestId('rental-sms')).toHaveLength(2));
    expect(screen.getAllByTestId('rental-sms-code').map((c) => c.textContent)).toEqual(['482913', '123456']);
    expect(screen.getAllByRole('button', { name: 'Copiar código' }).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('rental-cancel')).toBeNull();
    expect(screen.queryByTestId('rental-refund-rule')).toBeNull();
  });

  it('cancels in the window and says what went back', async () => {
    let current: RentalDetail = fresh;
    server.use(
      detail(() => current),
      http.post(`/api/v1/rentals/${ID}/cancel`, () => {
        current = { ...fresh, status: 'cancelled', settled: 'refunded', total_paid: 0, can_cancel: false };
        return HttpResponse.json(current);
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('rental-cancel'));
    await waitFor(() =>
      expect(vi.mocked(toast.success).mock.calls[0]?.[0]?.toString().replace(/\s/g, ' ')).toBe(
        'Locação cancelada. R$ 15,00 voltou para o seu saldo.',
      ),
    );
    expect(await screen.findByText('Cancelada')).toBeTruthy();
  });

  it('says so when the rental is not the customer’s', async () => {
    server.use(
      http.get(`/api/v1/rentals/${ID}`, () => problem(404, 'RENTAL_NOT_FOUND', 'Locação não encontrada.')),
    );
    renderPage();
    expect(await screen.findByText('Locação não encontrada.')).toBeTruthy();
  });
});
