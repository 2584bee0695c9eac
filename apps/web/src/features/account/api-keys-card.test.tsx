import type { ApiKey } from '@numero/contract/account';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonBodyType } from 'msw';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { problem } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { ApiKeysCard } from './api-keys-card.tsx';

const FULL_KEY = `nk_${'Ab3_'.repeat(10)}xyz`;

const key = (n: number, over: Partial<ApiKey> = {}): ApiKey => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Bot ${n}`,
  prefix: `nk_key${n}_`.slice(0, 8),
  created_at: '2025-03-01T12:00:00.000Z',
  last_used_at: null,
  currency: 'BRL',
  webhook_url: null,
  ...over,
});

let posts: unknown[];
let deleted: string[];
let keys: ApiKey[];
let createReply: { status: number; body: JsonBodyType };

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  posts = [];
  deleted = [];
  keys = [key(1, { last_used_at: '2025-03-02T08:30:00.000Z' })];
  createReply = {
    status: 201,
    body: { ...key(2, { name: 'Vendas', prefix: FULL_KEY.slice(0, 8) }), key: FULL_KEY },
  };
  server.use(
    http.get('/api/v1/api-keys', () =>
      HttpResponse.json({ items: keys, total: keys.length, skip: 0, limit: 20 }),
    ),
    http.post('/api/v1/api-keys', async ({ request }) => {
      posts.push(await request.json());
      if (createReply.status === 201) keys = [...keys, key(2, { name: 'Vendas' })];
      return HttpResponse.json(createReply.body, { status: createReply.status });
    }),
    http.delete('/api/v1/api-keys/:id', ({ params }) => {
      deleted.push(String(params.id));
      keys = keys.filter((k) => k.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = () => renderRoutes([{ path: '/profile', element: <ApiKeysCard /> }], '/profile');

describe('ApiKeysCard', () => {
  it('lists the keys by name and prefix, never the key', async () => {
    renderCard();
    const table = await screen.findByRole('region', { name: 'Suas chaves de API' });
    const row = within(table).getByText('Bot 1').closest('tr')!;
    expect(row.textContent).toContain('nk_key1_…');
    expect(row.textContent).not.toContain('Nunca usada');
    expect(screen.getByText('1 de 5 chaves em uso')).toBeTruthy();
    expect(screen.getByText(/\/stubs\/handler_api\.php$/)).toBeTruthy();
  });

  it('shows an empty state with what to do', async () => {
    keys = [];
    renderCard();
    expect(await screen.findByText('Nenhuma chave de API ainda')).toBeTruthy();
  });

  it('creates a key, shows it once with a warning and a copy button, and forgets it when closed', async () => {
    renderCard();
    await screen.findByText('Bot 1');
    fireEvent.click(screen.getByRole('button', { name: 'Nova chave' }));
    const form = await screen.findByRole('dialog');
    // A name is required before anything is sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Criar chave' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Dê um nome à chave.');
    expect(posts).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Nome da chave'), { target: { value: '  Vendas ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Criar chave' }));
    const secret = (await screen.findByTestId('api-key-secret')) as HTMLTextAreaElement;
    expect(secret.value).toBe(FULL_KEY);
    expect(posts).toEqual([{ name: 'Vendas' }]);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('ela não será mostrada de novo');

    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copiar chave' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FULL_KEY));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Já copiei a chave' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
    expect(document.body.textContent).not.toContain(FULL_KEY);
    expect(await screen.findByText('Vendas')).toBeTruthy();
  });

  it('shows the server’s reason when a key cannot be created', async () => {
    createReply = {
      status: 409,
      body: {
        code: 'API_KEY_LIMIT',
        detail: 'Você já tem 5 chaves de API ativas. Revogue uma antes de criar outra.',
      },
    };
    renderCard();
    await screen.findByText('Bot 1');
    fireEvent.click(screen.getByRole('button', { name: 'Nova chave' }));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByLabelText('Nome da chave'), { target: { value: 'Extra' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Criar chave' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Você já tem 5 chaves');
  });

  it('disables creation at the limit', async () => {
    keys = [1, 2, 3, 4, 5].map((n) => key(n));
    renderCard();
    await screen.findByText('Bot 5');
    expect((screen.getByRole('button', { name: 'Nova chave' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/limite de 5 chaves/)).toBeTruthy();
  });

  it('revokes a key only after confirmation', async () => {
    renderCard();
    await screen.findByText('Bot 1');
    fireEvent.click(screen.getByRole('button', { name: 'Revogar a chave Bot 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('"Bot 1" (nk_key1_…)');
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revogar chave' }));
    await waitFor(() => expect(deleted).toEqual([key(1).id]));
    expect(await screen.findByText('Nenhuma chave de API ainda')).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    server.use(http.get('/api/v1/api-keys', () => problem(500, 'INTERNAL', 'erro')));
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Não foi possível carregar suas chaves de API.',
    );
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
