import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

let sent: unknown[];

beforeEach(() => {
  sent = [];
  server.use(
    http.post('/api/v1/auth/password/forgot', async ({ request }) => {
      sent.push(await request.json());
      return new HttpResponse(null, { status: 202 });
    }),
  );
});
afterEach(cleanup);

const renderPage = () =>
  renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], '/forgot-password');

describe('forgot password page', () => {
  it('asks for an address in the spec words before sending, then sends the one typed', async () => {
    await i18n.changeLanguage('pt');
    renderPage();
    const submit = screen.getByRole('button', { name: 'Enviar link' });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor, preencha todos os campos');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: 'ana@' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Informe um email válido'));
    expect(sent).toEqual([]);

    fireEvent.change(email, { target: { value: ' Ana@Numero.test ' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('status')).textContent).toContain('Ana@Numero.test');
    expect(sent).toEqual([{ email: 'ana@numero.test' }]);
  });

  it('says it in English too', async () => {
    await i18n.changeLanguage('en');
    renderPage();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid email');
    expect(sent).toEqual([]);
  });
});
