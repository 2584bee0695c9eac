import type { PaymentIntent } from '@numero/contract/wallet';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { problem } from '../../../testing/handlers.ts';
import { renderRoutes } from '../../../testing/render-routes.tsx';
import { server } from '../../../testing/server.ts';
import { CardPayment } from './card-payment.tsx';

const intent: PaymentIntent = {
  id: '00000000-0000-4000-8000-0000000000c1',
  status: 'pending',
  method: 'card',
  amount: 5_000,
  currency: 'BRL',
  expires_at: null,
  remaining_seconds: null,
  created_at: '2025-03-01T12:00:00.000Z',
  credited: false,
  failure_reason: null,
  sandbox: true,
};
let posts: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  posts = [];
  server.use(
    http.get(`/api/v1/wallets/payments/${intent.id}`, () => HttpResponse.json(intent)),
    http.post(`/api/v1/wallets/payments/intent/${intent.id}/confirm`, async ({ request }) => {
      posts.push(await request.json());
      return problem(422, 'PAYMENT_DECLINED', 'O cartão foi recusado pelo emissor.');
    }),
  );
});

afterEach(cleanup);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pay = () => fireEvent.click(screen.getByRole('button', { name: /^Pagar R\$/ }));

describe('card payment', () => {
  it('refuses a card the server would refuse before sending it, and sends a good one', async () => {
    renderRoutes([{ path: '/', element: <CardPayment intent={intent} onRetry={() => {}} /> }], '/');
    // A number failing its check digit, an expiry already past.
    type('Número do cartão', '4242 4242 4242 4241');
    type('Validade (MM/AA)', '01/20');
    type('CVC', '12a3');
    type('Nome impresso no cartão', '  ');
    expect((screen.getByLabelText('Número do cartão') as HTMLInputElement).value).toBe('4242 4242 4242 4241');
    expect((screen.getByLabelText('CVC') as HTMLInputElement).value).toBe('123');
    pay();
    expect((await screen.findByRole('alert')).textContent).toBe('Confira os dados do cartão.');
    expect(screen.getByLabelText('Número do cartão').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Validade (MM/AA)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('CVC').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Nome impresso no cartão').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    type('Número do cartão', '4242424242424242');
    type('Validade (MM/AA)', '12/99');
    type('Nome impresso no cartão', ' Maria Silva ');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    pay();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      card: {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2099,
        cvc: '123',
        holder_name: 'Maria Silva',
      },
    });
    // The server's refusal is shown in its own words.
    expect((await screen.findByRole('alert')).textContent).toBe('O cartão foi recusado pelo emissor.');
  });
});
