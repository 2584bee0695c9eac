import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { loginErrorKey, registerErrorKey, serverDetail } from './error-messages.ts';

const network = new ApiError(0, 'NETWORK_ERROR', null);
const status = (s: number, detail: string | null = null) => new ApiError(s, `HTTP_${s}`, detail);
const pt = (key: string) => i18n.getFixedT('pt', 'auth')(key);

describe('login error messages (spec §8)', () => {
  it.each([
    [
      'a network error',
      network,
      'Erro de conexão com o servidor. Verifique sua internet ou tente novamente mais tarde.',
    ],
    ['401', status(401), 'Email ou senha incorretos.'],
    ['429', status(429), 'Muitas tentativas. Por favor, aguarde alguns minutos e tente novamente.'],
    ['403 (inactive account)', status(403), 'Ocorreu um erro durante o login. Por favor, tente novamente.'],
    ['500', status(500), 'Ocorreu um erro durante o login. Por favor, tente novamente.'],
    [
      'a non-API error',
      new TypeError('boom'),
      'Ocorreu um erro durante o login. Por favor, tente novamente.',
    ],
  ])('%s → the spec text', (_, error, text) => {
    expect(pt(loginErrorKey(error))).toBe(text);
  });
});

describe('register error messages (spec §8)', () => {
  it.each([
    [
      'a network error',
      network,
      'Erro de conexão com o servidor. Verifique sua internet ou tente novamente mais tarde.',
    ],
    ['409', status(409), 'Email já cadastrado. Por favor, utilize outro email ou faça login.'],
    ['429', status(429), 'Muitas tentativas. Por favor, aguarde alguns minutos e tente novamente.'],
    ['422', status(422), 'Ocorreu um erro durante o registro. Por favor, tente novamente.'],
    ['500', status(500), 'Ocorreu um erro durante o registro. Por favor, tente novamente.'],
  ])('%s → the spec text', (_, error, text) => {
    expect(pt(registerErrorKey(error))).toBe(text);
  });
});

describe('toast texts', () => {
  it("prefer the server's detail", () => {
    expect(serverDetail(status(401, 'Email ou senha incorretos.'))).toBe('Email ou senha incorretos.');
  });

  it('fall back to the spec texts without one', () => {
    expect(serverDetail(network)).toBeNull();
    expect(serverDetail(new Error('x'))).toBeNull();
    expect(pt('errors.loginToast')).toBe('Erro ao fazer login. Verifique suas credenciais.');
    expect(pt('errors.registerToast')).toBe('Erro ao realizar o registro.');
  });

  it('session errors keep the spec texts', () => {
    expect(pt('errors.logoutFailed')).toBe('Erro ao fazer logout. Tente novamente.');
    expect(pt('errors.callbackFailed')).toBe(
      'Ocorreu um erro durante o processo de autenticação. Tente novamente.',
    );
    expect(pt('errors.initFailed')).toBe('Falha ao inicializar autenticação. Tente novamente mais tarde.');
  });

  it('every mapped key exists in English too', () => {
    const en = i18n.getFixedT('en', 'auth');
    for (const error of [network, status(401), status(409), status(429), status(500)]) {
      for (const key of [loginErrorKey(error), registerErrorKey(error)]) expect(en(key)).not.toBe(key);
    }
  });
});
