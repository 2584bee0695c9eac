import type { SettingsView } from '@numero/contract/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { signedIn, user } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { SettingsPage } from './settings-page.tsx';

const view: SettingsView = {
  values: {
    activation_window_minutes: 20,
    early_cancel_minutes: 2,
    purchase_limit_per_minute: 10,
    topup_limits: { BRL: { min: 500, max: 500_000 }, USD: { min: 100, max: 100_000 } },
    registrations_per_hour: 10,
    sandbox: { payments: true, numbers: true },
    sms_providers: { order: ['simulator'], disabled: [] },
  },
  secrets: {
    mercadopago_access_token: { set: false, masked: null },
    mercadopago_webhook_secret: { set: false, masked: null },
    stripe_secret_key: { set: true, masked: '••••abcd' },
    stripe_webhook_secret: { set: false, masked: null },
  },
  updated_at: null,
  updated_by: null,
};

let role: 'ADMIN' | 'MANAGER';
let puts: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  role = 'ADMIN';
  puts = [];
  server.use(
    signedIn(() => user({ email: 'staff@numero.test', role })),
    http.get('/api/v1/admin/settings', () => HttpResponse.json(view)),
    http.put('/api/v1/admin/settings', async ({ request }) => {
      puts.push(await request.json());
      return HttpResponse.json({
        ...view,
        updated_at: '2026-11-25T01:00:00.000Z',
        updated_by: 'staff@numero.test',
      });
    }),
  );
});

afterEach(cleanup);

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/admin/settings',
        element: (
          <SessionProvider>
            <SettingsPage />
          </SessionProvider>
        ),
      },
    ],
    '/admin/settings',
  );

describe('/admin/settings', () => {
  it('shows the page’s message under each value the API would refuse and sends nothing', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Configurações' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    await waitFor(() =>
      expect(within(form).queryByRole('button', { name: 'Salvar configurações' })).not.toBeNull(),
    );
    type('Prazo da ativação (minutos)', '61');
    type('Recarga mínima em dólares (US$)', '200,00');
    type('Recarga máxima em dólares (US$)', '100,00');
    type('Recarga máxima em reais (R$)', 'muito');
    type('Stripe: segredo do webhook', 'curta');
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar configurações' }));
    expect((await within(form).findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Valor fora do intervalo permitido.',
      'Informe um valor de pelo menos 1,00.',
      'O mínimo não pode ser maior que o máximo.',
      'A chave deve ter pelo menos 8 caracteres, sem espaços.',
    ]);
    expect(puts).toHaveLength(0);
  });

  it('sends the values as cents and only the keys typed, then says it saved', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Configurações' });
    await waitFor(() =>
      expect(within(form).queryByRole('button', { name: 'Salvar configurações' })).not.toBeNull(),
    );
    fireEvent.change(within(form).getByLabelText('Prazo da ativação (minutos)'), {
      target: { value: ' 15 ' },
    });
    fireEvent.change(within(form).getByLabelText('Recarga mínima em reais (R$)'), {
      target: { value: '10' },
    });
    fireEvent.click(within(form).getByLabelText('Números simulados'));
    fireEvent.change(within(form).getByLabelText('Stripe: segredo do webhook'), {
      target: { value: 'whsec_12345678' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar configurações' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      values: {
        activation_window_minutes: 15,
        early_cancel_minutes: 2,
        purchase_limit_per_minute: 10,
        topup_limits: { BRL: { min: 1000, max: 500_000 }, USD: { min: 100, max: 100_000 } },
        registrations_per_hour: 10,
        sandbox: { payments: true, numbers: false },
      },
      secrets: { stripe_webhook_secret: 'whsec_12345678' },
    });
    expect((await screen.findByRole('status')).textContent).toBe('Configurações salvas');
  });

  it('lets a MANAGER read the settings without changing them', async () => {
    role = 'MANAGER';
    renderPage();
    const form = await screen.findByRole('form', { name: 'Configurações' });
    await within(form).findByText(
      'Você pode consultar as configurações. Somente administradores podem alterá-las.',
    );
    const window = within(form).getByLabelText<HTMLInputElement>('Prazo da ativação (minutos)');
    expect(window.value).toBe('20');
    expect(window.disabled).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Salvar configurações' })).toBeNull();
  });
});
