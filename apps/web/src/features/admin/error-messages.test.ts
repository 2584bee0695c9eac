import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { actionErrorMessage, loadErrorMessage } from './error-messages.ts';

const pt = i18n.getFixedT('pt', 'admin-users');
const en = i18n.getFixedT('en', 'admin-users');

describe('users list load errors (spec §8)', () => {
  it('says what each status means', () => {
    expect(loadErrorMessage(new ApiError(404, 'NOT_FOUND', 'Recurso não encontrado.'), pt)).toBe(
      'Endpoint de usuários não encontrado. Verifique se a API está configurada corretamente.',
    );
    expect(loadErrorMessage(new ApiError(403, 'FORBIDDEN', 'x'), pt)).toBe(
      'Acesso negado. Você não tem permissão para visualizar usuários.',
    );
    expect(loadErrorMessage(new ApiError(401, 'UNAUTHENTICATED', 'x'), pt)).toBe(
      'Não autorizado. Faça login novamente.',
    );
    expect(loadErrorMessage(new ApiError(0, 'NETWORK_ERROR', null), pt)).toBe(
      'Erro de conexão. Verifique sua internet e tente novamente.',
    );
  });

  it('otherwise the server detail, the error message, or "Erro ao carregar usuários"', () => {
    expect(loadErrorMessage(new ApiError(500, 'INTERNAL', 'Erro interno do servidor.'), pt)).toBe(
      'Erro interno do servidor.',
    );
    expect(loadErrorMessage(new Error('Algo quebrou'), pt)).toBe('Algo quebrou');
    expect(loadErrorMessage(new ApiError(502, 'HTTP_502', null), pt)).toBe('Erro ao carregar usuários');
    expect(loadErrorMessage(undefined, pt)).toBe('Erro ao carregar usuários');
    expect(loadErrorMessage(undefined, en)).toBe('Error loading users');
  });
});

describe('users action errors (spec §8)', () => {
  it('a non-admin gets "Permissão negada" whatever the action', () => {
    expect(
      actionErrorMessage(
        new ApiError(403, 'FORBIDDEN', 'Você não tem permissão.'),
        'errors.action.status',
        pt,
      ),
    ).toBe('Permissão negada');
    expect(actionErrorMessage(new ApiError(403, 'FORBIDDEN', null), 'errors.action.create', en)).toBe(
      'Permission denied',
    );
  });

  it('prefers the server detail, else the action fallback', () => {
    const conflict = new ApiError(
      409,
      'CANNOT_DEACTIVATE_SELF',
      'Você não pode desativar a sua própria conta.',
    );
    expect(actionErrorMessage(conflict, 'errors.action.status', pt)).toBe(
      'Você não pode desativar a sua própria conta.',
    );
    const bare = new ApiError(500, 'HTTP_500', null);
    const fallbacks = {
      'errors.action.status': 'Erro ao atualizar status',
      'errors.action.roles': 'Erro ao atualizar roles',
      'errors.action.deactivate': 'Erro ao desativar usuário',
      'errors.action.create': 'Erro ao criar usuário',
      'errors.action.update': 'Erro ao atualizar usuário',
      'errors.action.generic': 'Erro ao executar ação',
      'errors.action.save': 'Erro ao salvar usuário',
    } as const;
    for (const [key, text] of Object.entries(fallbacks))
      expect(actionErrorMessage(bare, key as keyof typeof fallbacks, pt)).toBe(text);
    expect(actionErrorMessage(new TypeError('x'), 'errors.action.save', pt)).toBe('Erro ao salvar usuário');
  });
});
