import { cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { problem } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

const TOKEN = 'A'.repeat(43);
let sent: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  sent = [];
  server.use(
    http.post('/api/v1/auth/email/verify', async ({ request }) => {
      sent.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

afterEach(cleanup);

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
    server.use(
      http.post('/api/v1/auth/email/verify', () =>
        problem(400, 'EMAIL_TOKEN_USED', 'Este link de confirmação já foi usado.'),
      ),
    );
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
