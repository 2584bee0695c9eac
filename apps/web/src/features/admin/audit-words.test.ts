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

  it('keeps an unknown field or code as it came', () => {
    expect(words('en', { before: null, after: { colour: 'teal', reason: 'new_code' } })).toEqual([
      'colour: teal',
      'Reason: new_code',
    ]);
  });
});
