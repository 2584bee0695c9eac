import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderRoutes } from '../../../testing/render-routes.tsx';
import { answerTopups } from '../../../testing/topup-api.ts';
import { TopupPanel } from './topup-panel.tsx';

// A store whose payment provider takes PIX only with the payer's CPF (GET /api/v1/store says so).
let posts: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  posts = answerTopups({
    demo: false,
    topup_limits: { BRL: { min: 500, max: 500_000 }, USD: { min: 100, max: 100_000 } },
    payer_required: ['boleto', 'pix'],
  }).posts;
});

afterEach(cleanup);

it("asks a PIX payer's name and CPF when the provider requires them, and sends them", async () => {
  renderRoutes([{ path: '/', element: <TopupPanel /> }], '/');
  fireEvent.click(await screen.findByTestId('method-pix'));
  const taxId = await screen.findByLabelText('CPF ou CNPJ do pagador');
  fireEvent.change(screen.getByLabelText('Outro valor'), { target: { value: '50' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continuar para o pagamento' }));
  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe('Informe o nome completo e um CPF ou CNPJ válido.'),
  );
  expect(posts).toHaveLength(0);

  fireEvent.change(screen.getByLabelText('Nome completo do pagador'), { target: { value: 'Ana Souza' } });
  fireEvent.change(taxId, { target: { value: '529.982.247-25' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continuar para o pagamento' }));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toEqual({
    amount: 5_000,
    currency: 'BRL',
    method: 'pix',
    payer: { name: 'Ana Souza', tax_id: '529.982.247-25' },
  });
});
