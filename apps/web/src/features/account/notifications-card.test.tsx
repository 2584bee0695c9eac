import type { NotificationSettings } from '@numero/contract/account-notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { problem } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { NotificationsCard } from './notifications-card.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

let saved: NotificationSettings;
let patches: unknown[];
let failPatch: boolean;

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  saved = { topup_credited: true, activation_refunded: true, password_changed: true, new_sign_in: true };
  patches = [];
  failPatch = false;
  server.use(
    http.get('/api/v1/users/me/notifications', () => HttpResponse.json(saved)),
    http.patch('/api/v1/users/me/notifications', async ({ request }) => {
      if (failPatch) return problem(500, 'INTERNAL', 'boom');
      const body = (await request.json()) as Partial<NotificationSettings>;
      patches.push(body);
      saved = { ...saved, ...body };
      return HttpResponse.json(saved);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const renderCard = () => renderRoutes([{ path: '/profile', element: <NotificationsCard /> }], '/profile');

describe('NotificationsCard', () => {
  it('shows each notification as it is saved and turns one off with one click', async () => {
    saved.topup_credited = false;
    renderCard();
    const topup = await screen.findByRole('checkbox', { name: 'Saldo adicionado' });
    expect((topup as HTMLInputElement).checked).toBe(false);
    const signIn = screen.getByRole('checkbox', { name: 'Novo acesso' }) as HTMLInputElement;
    expect(signIn.checked).toBe(true);
    fireEvent.click(signIn);
    await waitFor(() => expect(signIn.checked).toBe(false));
    expect(patches).toEqual([{ new_sign_in: false }]);
    expect(toast.success).toHaveBeenCalledWith('Preferência salva.');
  });

  it('keeps the saved value when saving fails, and says so', async () => {
    failPatch = true;
    renderCard();
    const refunded = (await screen.findByRole('checkbox', {
      name: 'Pedido reembolsado',
    })) as HTMLInputElement;
    fireEvent.click(refunded);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Não foi possível salvar. Tente novamente.'),
    );
    expect(refunded.checked).toBe(true);
  });
});
