import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@numero/contract/admin';
import { Activity, LogIn, ShieldCheck } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { actionIcon, actionLabel, entityLabel } from './audit-labels.ts';
import { dashboardErrorMessage } from './error-message.ts';

const pt = i18n.getFixedT('pt', 'admin');
const en = i18n.getFixedT('en', 'admin');

describe('audit labels (spec §3)', () => {
  it('names the six actions of the spec in Portuguese, and in English', () => {
    expect(
      ['UPDATE_ROLE', 'CREATE', 'UPDATE', 'DELETE', 'LOGIN', 'LOGOUT'].map((a) => actionLabel(a, pt)),
    ).toEqual(['Alteração de role', 'Criação', 'Atualização', 'Exclusão', 'Login', 'Logout']);
    expect(actionLabel('UPDATE_ROLE', en)).toBe('Role change');
  });

  it('names every action and entity type the API records, in both languages, never by its code', () => {
    for (const t of [pt, en]) {
      for (const a of AUDIT_ACTIONS) expect(actionLabel(a, t)).not.toMatch(/^[A-Z_]+$|^actions\./);
      for (const e of AUDIT_ENTITY_TYPES) expect(entityLabel(e, t)).not.toMatch(/_|^entities\./);
    }
    expect(actionLabel('TWO_FACTOR_ENABLED', pt)).toBe('Verificação em duas etapas ativada');
    expect(actionLabel('DATA_EXPORT', en)).toBe('Personal data downloaded');
    expect(entityLabel('api_keys', pt)).toBe('Chaves de API');
  });

  it('gives other actions the generic icon and their own code as the label', () => {
    expect(actionIcon('UPDATE_ROLE')).toBe(ShieldCheck);
    expect(actionIcon('LOGIN')).toBe(LogIn);
    expect(actionIcon('SOMETHING_ELSE')).toBe(Activity);
    expect(actionIcon('LOGIN_FAILED')).toBe(Activity);
    expect(actionLabel('SOMETHING_ELSE', pt)).toBe('SOMETHING_ELSE');
  });

  it('labels the entity types users, products, orders, categories and wallets', () => {
    expect(['users', 'products', 'orders', 'categories', 'wallets'].map((e) => entityLabel(e, pt))).toEqual([
      'Usuários',
      'Produtos',
      'Pedidos',
      'Categorias',
      'Carteiras',
    ]);
    expect(entityLabel('wallets', en)).toBe('Wallets');
    expect(entityLabel('sessions', pt)).toBe('sessions');
  });
});

describe('dashboard error text (spec §8)', () => {
  it('prefers the server detail, then the error message, then "Erro desconhecido"', () => {
    expect(dashboardErrorMessage(new ApiError(500, 'INTERNAL', 'Erro interno do servidor.'), pt)).toBe(
      'Erro interno do servidor.',
    );
    expect(dashboardErrorMessage(new Error('Falhou ao ler'), pt)).toBe('Falhou ao ler');
    expect(dashboardErrorMessage(new ApiError(502, 'HTTP_502', null), pt)).toBe('Erro desconhecido');
    expect(dashboardErrorMessage('???', pt)).toBe('Erro desconhecido');
    expect(dashboardErrorMessage(undefined, en)).toBe('Unknown error');
    expect(dashboardErrorMessage(new ApiError(0, 'NETWORK_ERROR', null), pt)).toBe(
      'Erro de conexão. Verifique sua internet e tente novamente.',
    );
  });
});
