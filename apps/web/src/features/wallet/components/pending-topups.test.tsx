import type { PaymentIntent } from '@numero/contract/wallet';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderRoutes } from '../../../testing/render-routes.tsx';
import { answerTopups } from '../../../testing/topup-api.ts';
import { PendingTopups } from './pending-topups.tsx';
import { TopupPanel } from './topup-panel.tsx';

const STORE = {
  demo: true,
  topup_limits: { BRL: { min: 500, max: 500_000 }, USD: { min: 500, max: 500_000 } },
};

function pix(id: string, amount: number, remaining: number): PaymentIntent {
  return {
    id,
    status: 'pending',
    method: 'pix',
    amount,
    currency: 'BRL',
    expires_at: new Date(Date.now() + remaining * 1000).toISOString(),
    remaining_seconds: remaining,
    created_at: new Date().toISOString(),
    credited: false,
    failure_reason: null,
    pix: { copy_paste: `00020126-code-of-${id}`, qr_code: 'data:image/png;base64,AAAA' },
    sandbox: true,
  };
}

const NEWER = pix('9b0f3c1e-0000-4000-8000-000000000002', 5000, 25 * 60);
const OLDER = pix('9b0f3c1e-0000-4000-8000-000000000001', 2000, 4 * 60 + 5);
let posts: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  posts = answerTopups(STORE, [NEWER, OLDER]).posts;
});

afterEach(cleanup);

describe('top-ups still open', () => {
  it('come back after a reload: the newest shows its same code, the other is listed with its time left', async () => {
    renderRoutes([{ path: '/', element: <TopupPanel /> }], '/');
    const code = await screen.findByTestId('pix-code');
    expect((code as HTMLInputElement).value).toBe(NEWER.pix!.copy_paste);
    expect(screen.getByRole('img', { name: /QR Code PIX de R\$\s50,00/ })).toBeTruthy();

    const list = screen.getByTestId('pending-topups');
    expect(within(list).getByText(/PIX de R\$\s20,00/)).toBeTruthy();
    expect(within(list).getByText('expira em 04:05')).toBeTruthy();
    // The one on screen is not listed twice.
    expect(within(list).queryByText(/R\$\s50,00/)).toBeNull();

    fireEvent.click(within(list).getByRole('button', { name: 'Ver código' }));
    await waitFor(() =>
      expect((screen.getByTestId('pix-code') as HTMLInputElement).value).toBe(OLDER.pix!.copy_paste),
    );
  });

  it('opens the one the address asks for (?open=, from the dashboard)', async () => {
    renderRoutes(
      [{ path: '/dashboard/balance', element: <TopupPanel /> }],
      `/dashboard/balance?open=${OLDER.id}`,
    );
    await waitFor(() =>
      expect((screen.getByTestId('pix-code') as HTMLInputElement).value).toBe(OLDER.pix!.copy_paste),
    );
  });

  it('asks before a second top-up, and "pay the one I have" sends nothing', async () => {
    renderRoutes([{ path: '/', element: <TopupPanel /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Fazer outra recarga' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }));

    const dialog = await screen.findByRole('dialog', { name: 'Você já tem uma recarga aguardando' });
    expect(dialog.textContent).toMatch(/PIX de R\$\s50,00 ainda pode ser paga \(2\d:\d\d restantes\)/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pagar a que já existe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByTestId('pix-code') as HTMLInputElement).value).toBe(NEWER.pix!.copy_paste);
    expect(posts).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Fazer outra recarga' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar para o pagamento' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Criar outra recarga' }));
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it('elsewhere (the dashboard) link each one to the balance page that shows it; nothing when none waits', async () => {
    renderRoutes([{ path: '/', element: <PendingTopups /> }], '/');
    const links = await screen.findAllByRole('link', { name: 'Ver código' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/dashboard/balance?open=${NEWER.id}`,
      `/dashboard/balance?open=${OLDER.id}`,
    ]);
    cleanup();
    const none = answerTopups(STORE, []);
    renderRoutes([{ path: '/', element: <PendingTopups /> }], '/');
    await waitFor(() => expect(none.pendingReads).toBe(1));
    expect(screen.queryByTestId('pending-topups')).toBeNull();
  });
});
