import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { json, renderRoutes } from '../../testing/render-routes.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

const TOKEN = 'A'.repeat(43);
let sent: unknown[];
let answer: Response | null;

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  sent = [];
  answer = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      if (new URL(String(input)).pathname !== '/api/v1/auth/email/verify') return json({}, 404);
      sent.push(JSON.parse(String(init?.body)));
      return answer ?? new Response(null, { status: 204 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (hash: string) =>
  renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], `/verify-email${hash}`);

describe('VerifyEmailPage', () => {
  it('confirms only when the user clicks, with the token from the fragment', async () => {
    open(`#token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Confirmar meu email' });
    expect(sent).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByText('Email confirmado! Faça login para continuar.')).toBeTruthy();
    expect(sent).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Ir para o login' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's reason for a used or expired link", async () => {
    answer = json({ detail: 'Este link de confirmação já foi usado.', code: 'EMAIL_TOKEN_USED' }, 400);
    open(`#token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar meu email' }));
    expect(await screen.findByText('Este link de confirmação já foi usado.')).toBeTruthy();
  });

  it('says the link is incomplete when it has no token', async () => {
    open('');
    expect(await screen.findByText('Link incompleto.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
