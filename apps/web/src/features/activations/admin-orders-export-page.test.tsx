import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { AdminOrdersExportPage } from './admin-orders-export-page.tsx';
import { EXPORT_COLUMNS } from './orders-export-csv.ts';

let asked: URL[];
let saved: Blob[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  asked = [];
  saved = [];
  server.use(
    http.get('/api/v1/admin/orders/export', ({ request }) => {
      asked.push(new URL(request.url));
      return new HttpResponse(
        `${EXPORT_COLUMNS.join(',')}\r\n${EXPORT_COLUMNS.map((c) => `${c}-1`).join(',')}`,
        { headers: { 'content-disposition': 'attachment; filename="pedidos-2026-11-25.csv"' } },
      );
    }),
  );
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderRoutes(
    [{ path: '/admin/orders/export', element: <AdminOrdersExportPage /> }],
    '/admin/orders/export',
  );

describe('/admin/orders/export', () => {
  it('asks for a column and a shorter search before downloading anything', async () => {
    renderPage();
    const form = await screen.findByTestId('orders-export-form');
    for (const box of within(form).getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.change(within(form).getByLabelText('Buscar por pedido, cliente ou número'), {
      target: { value: 'a'.repeat(101) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Baixar CSV' }));
    expect((await within(form).findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Use até 100 caracteres na busca.',
      'Escolha ao menos uma coluna.',
    ]);
    expect(asked).toHaveLength(0);
  });

  it('downloads with the chosen filters and keeps only the ticked columns', async () => {
    renderPage();
    const form = await screen.findByTestId('orders-export-form');
    fireEvent.change(within(form).getByLabelText('Buscar por pedido, cliente ou número'), {
      target: { value: ' ana ' },
    });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Status' }), {
      target: { value: 'finished' },
    });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Pagamento' }), {
      target: { value: 'paid' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'ID' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/api/v1/admin/orders/export');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      search: 'ana',
      status: 'finished',
      payment_status: 'paid',
      lang: 'pt',
    });
    const kept = EXPORT_COLUMNS.filter((c) => c !== 'id');
    expect(await saved[0]!.text()).toBe(`\ufeff${kept.join(',')}\r\n${kept.map((c) => `${c}-1`).join(',')}`);
  });
});
