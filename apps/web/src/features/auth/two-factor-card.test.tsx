import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { TwoFactorCard } from './two-factor-card.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

let enabled: boolean;
let codes: unknown[];

beforeEach(() => {
  enabled = false;
  codes = [];
  server.use(
    http.get('/api/v1/auth/2fa', () =>
      HttpResponse.json({ enabled, required: false, recovery_codes_left: 0 }),
    ),
    http.post('/api/v1/auth/2fa/setup', () =>
      HttpResponse.json({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/Numero',
        qr_code: 'data:,',
      }),
    ),
    http.post('/api/v1/auth/2fa/enable', async ({ request }) => {
      codes.push(await request.json());
      enabled = true;
      return HttpResponse.json({ recovery_codes: ['aaaa-bbbb', 'cccc-dddd'] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function startSetUp(start: string) {
  renderRoutes([{ path: '/', element: <TwoFactorCard /> }], '/');
  fireEvent.click(await screen.findByRole('button', { name: start }));
  return screen.findByTestId('totp-secret');
}

describe('two-factor card', () => {
  it('refuses a code too short to be one before sending, then turns it on with a good one', async () => {
    await i18n.changeLanguage('pt');
    await startSetUp('Ativar verificação em duas etapas');
    const card = screen.getByTestId('two-factor-card');
    const code = within(card).getByLabelText('Código do aplicativo');
    fireEvent.change(code, { target: { value: ' 123 ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Confirmar e ativar' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Informe o código de verificação.');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(codes).toEqual([]);

    fireEvent.change(code, { target: { value: ' 123456 ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Confirmar e ativar' }));
    expect((await within(card).findByTestId('recovery-codes')).textContent).toContain('aaaa-bbbb');
    expect(codes).toEqual([{ code: '123456' }]);

    // The codes are copied in one go, one a line.
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(within(card).getByRole('button', { name: 'Copiar códigos' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('aaaa-bbbb\ncccc-dddd'));
  });

  it('says it in English too', async () => {
    await i18n.changeLanguage('en');
    await startSetUp('Turn on two-step verification');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter the verification code.'));
    expect(codes).toEqual([]);
  });
});
