import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { ApiDocsPage } from './api-docs-page.tsx';
import { ACTIONS, ERROR_TOKENS, FIVESIM_PATHS } from './protocol-reference.ts';

afterEach(cleanup);

const renderPage = () => renderRoutes([{ path: '/docs/api', element: <ApiDocsPage /> }], '/docs/api');

describe('ApiDocsPage', () => {
  it('documents the base URL, every action with a curl example, every error and the webhook signature (pt)', async () => {
    await i18n.changeLanguage('pt');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'API para revendedores' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain(`${window.location.origin}/stubs/handler_api.php`);
    for (const action of ACTIONS) {
      expect(screen.getByRole('heading', { level: 3, name: action.name })).toBeTruthy();
      expect(text).toContain(`action=${action.name}`);
    }
    for (const token of ERROR_TOKENS) expect(text).toContain(token);
    expect(text).toContain('X-Numero-Signature: t=');
    expect(text).toContain('X-Numero-Event-Id');
    expect(text).toContain("createHmac('sha256', secret)");
    // The cancel rule is stated.
    expect(text).toContain('A loja não tem janela de cancelamento própria.');
    expect(text).toContain('60 chamadas por segundo por chave');
    // Filters are honoured or refused, and the statuses beyond 200 are named.
    expect(text).toContain('Os filtros são atendidos ou recusados, nunca ignorados');
    expect(text).toContain('503 ERROR_SQL com Retry-After');
    // The 5sim-compatible API beside it.
    expect(screen.getByRole('heading', { level: 2, name: 'API compatível com a 5sim' })).toBeTruthy();
    for (const path of FIVESIM_PATHS) expect(text).toContain(path);
    expect(document.title).toBe('API para revendedores — Numero');
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reseller API' })).toBeTruthy();
    expect(document.body.textContent).toContain('The store keeps no cancel window of its own.');
    await i18n.changeLanguage('pt');
  });
});
