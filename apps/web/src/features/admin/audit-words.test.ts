import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { describeChangesInWords } from './audit-words.ts';

const words = (lang: 'pt' | 'en', entry: Parameters<typeof describeChangesInWords>[0]) =>
  describeChangesInWords(entry, i18n.getFixedT(lang, 'audit-words'), lang);

describe('audit entries in words', () => {
  it('names fields and reasons in Portuguese', () => {
    expect(words('pt', { before: { fullName: null }, after: { fullName: 'Ana Souza' } })).toEqual([
      'Nome completo: vazio → Ana Souza',
    ]);
    expect(words('pt', { before: null, after: { reason: 'rate_limited' } })).toEqual([
      'Motivo: muitas tentativas',
    ]);
    expect(words('pt', { before: { isActive: true }, after: { isActive: false } })).toEqual([
      'Ativo: sim → não',
    ]);
  });

  it('names them in English, with money in its currency', () => {
    expect(
      words('en', { before: null, after: { reason: 'invalid_credentials', method: 'password' } }),
    ).toEqual(['Reason: wrong email or password', 'Method: password']);
    expect(words('en', { before: { price_brl: 500 }, after: { sku: 'WA-BR', price_brl: 650 } })).toEqual([
      'Price in reais: R$5.00 → R$6.50',
      'SKU: WA-BR',
    ]);
  });

  it('reads a cost keyed by product, seller and currency in words and money', () => {
    expect(
      words('pt', {
        before: { costs: { '12/simulator/BRL': null } },
        after: { costs: { '12/simulator/BRL': 250 } },
      }),
    ).toEqual(['Custos: 12 · Simulador · BRL: vazio → 12 · Simulador · BRL: R$\u00a02,50']);
  });

  it('keeps an unknown field or code as it came', () => {
    expect(words('en', { before: null, after: { colour: 'teal', reason: 'new_code' } })).toEqual([
      'colour: teal',
      'Reason: new_code',
    ]);
  });

  it('reads a balance adjustment in money, not cents: R$ 15,00 → R$ 25,00, amount R$ 10,00', () => {
    const entry = {
      before: { currency: 'BRL', balance: 1500 },
      after: { currency: 'BRL', balance: 2500, amount: 1000, reason: 'Goodwill credit' },
    };
    expect(words('pt', entry)).toEqual([
      'Moeda: BRL → BRL',
      'Saldo: R$\u00a015,00 → R$\u00a025,00',
      'Valor: R$\u00a010,00',
      'Motivo: Goodwill credit',
    ]);
    expect(
      words('en', { before: { currency: 'USD', balance: 0 }, after: { currency: 'USD', balance: 500 } })[1],
    ).toBe('Balance: $0.00 → $5.00');
  });

  it('names roles, statuses, key fields and settings, and reads nested records and price lists', () => {
    expect(words('pt', { before: { role: 'CUSTOMER' }, after: { role: 'MANAGER' } })).toEqual([
      'Perfil: Cliente → Gerente',
    ]);
    expect(words('pt', { before: { name: 'bot', prefix: 'nk_ab12' }, after: null })).toEqual([
      'Nome: bot → vazio',
      'Prefixo: nk_ab12 → vazio',
    ]);
    expect(words('pt', { before: { status: 'code_received' }, after: { status: 'finished' } })).toEqual([
      'Situação: código recebido → concluído',
    ]);
    expect(
      words('pt', {
        before: { currency: 'BRL', prices: { 'WA-BR': 500 } },
        after: { prices: { 'WA-BR': 650 } },
      }),
    ).toEqual(['Moeda: BRL → vazio', 'Preços: WA-BR: R$\u00a05,00 → WA-BR: R$\u00a06,50']);
    expect(
      words('en', { before: { stripe_secret_key: 'unset' }, after: { stripe_secret_key: 'set' } }),
    ).toEqual(['Stripe secret key: not set → set']);
    expect(
      words('pt', { before: null, after: { topup_limits: { BRL: { min: 500, max: 100000 } } } }),
    ).toEqual(['Limites de recarga: BRL: (mínimo: R$\u00a05,00, máximo: R$\u00a01.000,00)']);
  });

  it('reads rentals: rented, cancelled with a refund in dollars, and the staff’s rental rules', () => {
    expect(
      words('pt', { before: null, after: { product_id: 12, hours: 4, price: 1500, currency: 'BRL' } }),
    ).toEqual(['Produto: 12', 'Horas: 4', 'Preço: R$\u00a015,00', 'Moeda: BRL']);
    expect(words('en', { before: null, after: { refunded: 4500, currency: 'USD' } })).toEqual([
      'Refunded: $45.00',
      'Currency: USD',
    ]);
    expect(words('pt', { before: null, after: { paid: 3000, currency: 'BRL' } })[0]).toBe(
      'Pago: R$\u00a030,00',
    );
    expect(
      words('pt', {
        before: { cancel_window_minutes: 20, factor_percent: { '4': 300 } },
        after: { cancel_window_minutes: 30, factor_percent: { '4': 350 } },
      }),
    ).toEqual([
      'Prazo para cancelar a locação (min): 20 → 30',
      'Preço por duração (horas: % da ativação): 4: 300 → 4: 350',
    ]);
    expect(words('en', { before: { rentable: true }, after: { rentable: false } })).toEqual([
      'Available for rent: yes → no',
    ]);
  });
});
