import type { ApiKey } from '@numero/contract/account';
import type { WebhookDelivery } from '@numero/contract/reseller';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { ApiKeysCard } from './api-keys-card.tsx';

const SECRET = `whsec_${'s3cr'.repeat(10)}abc`;
const base: ApiKey = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Bot 1',
  prefix: 'nk_key1_',
  created_at: '2025-03-01T12:00:00.000Z',
  last_used_at: null,
  currency: 'BRL',
  webhook_url: null,
};
const delivery: WebhookDelivery = {
  id: '00000000-0000-4000-8000-0000000000d1',
  activation_id: 100_001,
  status: 'pending',
  attempts: 3,
  last_status_code: 500,
  last_error: 'HTTP 500',
  created_at: '2025-03-01T12:05:00.000Z',
  delivered_at: null,
  next_attempt_at: '2025-03-01T12:10:00.000Z',
};

let key: ApiKey;
let patches: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  key = { ...base };
  patches = [];
  server.use(
    http.get('/api/v1/api-keys', () => HttpResponse.json({ items: [key], total: 1, skip: 0, limit: 20 })),
    http.patch(`/api/v1/api-keys/${base.id}`, async ({ request }) => {
      const body = (await request.json()) as Partial<ApiKey> & { rotate_webhook_secret?: boolean };
      patches.push(body);
      const first = body.webhook_url && !key.webhook_url;
      key = { ...key, ...body };
      return HttpResponse.json({
        ...key,
        ...(first || body.rotate_webhook_secret ? { webhook_secret: SECRET } : {}),
      });
    }),
    http.get(`/api/v1/api-keys/${base.id}/webhook-deliveries`, () =>
      HttpResponse.json({ items: [delivery], total: 1, skip: 0, limit: 5 }),
    ),
  );
});

afterEach(cleanup);

const renderCard = () => renderRoutes([{ path: '/profile', element: <ApiKeysCard /> }], '/profile');

describe('ApiKeysCard settings', () => {
  it('links to the API documentation', async () => {
    renderCard();
    await screen.findByText('Bot 1');
    const link = screen.getByRole('link', { name: 'Documentação da API para revendedores' });
    expect(link.getAttribute('href')).toBe('/docs/api');
  });

  it('sets the currency and a webhook, and shows the new secret once', async () => {
    renderCard();
    await screen.findByText('Bot 1');
    fireEvent.click(screen.getByRole('button', { name: 'Configurar a chave Bot 1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Moeda da carteira'), { target: { value: 'USD' } });
    const url = within(dialog).getByLabelText('URL do webhook (opcional)');
    fireEvent.change(url, { target: { value: 'not a url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe um endereço http(s) válido.')).toBeTruthy();
    expect(patches).toEqual([]);

    fireEvent.change(url, { target: { value: ' https://hooks.example.com/sms ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const secret = (await screen.findByTestId('webhook-secret')) as HTMLTextAreaElement;
    expect(secret.value).toBe(SECRET);
    expect(patches).toEqual([{ currency: 'USD', webhook_url: 'https://hooks.example.com/sms' }]);
    expect(within(dialog).getByRole('status').textContent).toBe('Configurações salvas.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    const row = (await screen.findByText('https://hooks.example.com/sms')).closest('tr')!;
    expect(row.textContent).toContain('USD');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('lists the last webhook deliveries of a key that has a webhook', async () => {
    key = { ...base, webhook_url: 'https://hooks.example.com/sms' };
    renderCard();
    await screen.findByText('Bot 1');
    fireEvent.click(screen.getByRole('button', { name: 'Configurar a chave Bot 1' }));
    const list = await screen.findByTestId('webhook-deliveries');
    expect(list.textContent).toContain('Ativação 100001');
    expect(list.textContent).toContain('3 tentativas');
    expect(list.textContent).toContain('Tentando novamente');
    expect(list.textContent).toContain('HTTP 500');
  });
});
