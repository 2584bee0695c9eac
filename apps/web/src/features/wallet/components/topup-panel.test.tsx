import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderRoutes } from '../../../testing/render-routes.tsx';
import { answerTopups } from '../../../testing/topup-api.ts';
import { TopupPanel } from './topup-panel.tsx';

let api: ReturnType<typeof answerTopups>;

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  api = answerTopups({
    demo: true,
    topup_limits: { BRL: { min: 2_000, max: 500_000 }, USD: { min: 500, max: 500_000 } },
    payer_required: ['boleto'],
  });
});

afterEach(cleanup);

const renderPanel = () => renderRoutes([{ path: '/', element: <TopupPanel /> }], '/');
const submit = (name = 'Continuar para o pagamento') => fireEvent.click(screen.getByRole('button', { name }));

describe('top-up panel', () => {
  it("refuses, before sending, an amount under the store's minimum and a boleto payer with a wrong CPF", async () => {
    renderPanel();
    const custom = await screen.findByLabelText('Outro valor');
    // The store's limits arrive with GET /api/v1/store.
    await waitFor(() => expect(api.storeReads).toBe(1));
    fireEvent.change(custom, { target: { value: '19,99' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('O valor mínimo é R$\u00a020,00.');
    expect(custom.getAttribute('aria-invalid')).toBe('true');
    // A PIX with this store's provider needs nobody's CPF.
    expect(screen.queryByLabelText('CPF ou CNPJ do pagador')).toBeNull();

    fireEvent.change(custom, { target: { value: '1.234,5' } });
    fireEvent.click(screen.getByTestId('method-boleto'));
    fireEvent.change(screen.getByLabelText('Nome completo do pagador'), { target: { value: 'Ana Souza' } });
    const taxId = screen.getByLabelText('CPF ou CNPJ do pagador');
    fireEvent.change(taxId, { target: { value: '529.982.247-24' } });
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Informe o nome completo e um CPF ou CNPJ válido.'),
    );
    expect(api.posts).toHaveLength(0);

    fireEvent.change(taxId, { target: { value: '529.982.247-25' } });
    submit();
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]).toEqual({
      amount: 123_450,
      currency: 'BRL',
      method: 'boleto',
      payer: { name: 'Ana Souza', tax_id: '529.982.247-25' },
    });
    // What the server answers is shown in its own words.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Pagamentos indisponíveis no momento.'),
    );
  });

  it('follows the language: dollars, by card only, amounts typed the English way', async () => {
    renderPanel();
    await screen.findByLabelText('Outro valor');
    await i18n.changeLanguage('en');
    const custom = await screen.findByLabelText('Other amount');
    fireEvent.change(custom, { target: { value: '1,000.5' } });
    expect(screen.getByText('$1,000.50')).toBeTruthy();
    submit('Continue to payment');
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]).toEqual({ amount: 100_050, currency: 'USD', method: 'card' });
  });
});
