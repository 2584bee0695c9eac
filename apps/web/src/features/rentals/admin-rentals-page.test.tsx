import type { StaffRentalsPage } from '@numero/contract/rentals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { AdminRentalsPage } from './admin-rentals-page.tsx';

const rental = (n: number, status: StaffRentalsPage['items'][number]['status']) => ({
  id: `${String(n).padStart(8, 'b')}-0000-4000-8000-000000000000`,
  number: 100_000 + n,
  service_code: 'wa',
  service_name: 'WhatsApp',
  country_code: 'BR',
  operator: null,
  phone_number: '5511987654321',
  status,
  currency: 'BRL' as const,
  hours: 4,
  total_paid: 1500,
  settled: status === 'cancelled' ? ('refunded' as const) : ('captured' as const),
  started_at: '2025-03-01T12:00:00.000Z',
  ends_at: '2025-03-01T16:00:00.000Z',
  ended_at: null,
  seconds_left: 0,
  refundable_until: null,
  sms_count: 2,
  can_cancel: false,
  can_finish: false,
  can_extend: false,
  created_at: '2025-03-01T12:00:00.000Z',
  user_id: '00000000-0000-4000-8000-000000000001',
  user_email: 'joana@example.com',
});

let calls: URL[];

beforeEach(async () => {
  // A large staff monitor: the list is a table there.
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
  await i18n.changeLanguage('pt');
  calls = [];
  server.use(
    http.get('/api/v1/admin/rentals', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url);
      const status = url.searchParams.get('status');
      const items = status ? [rental(2, 'cancelled')] : [rental(1, 'active'), rental(2, 'cancelled')];
      // 45 rentals in all: three pages of 20.
      return HttpResponse.json({
        items,
        total: status ? 1 : 45,
        skip: Number(url.searchParams.get('skip')),
        limit: 20,
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (path: string) =>
  renderRoutes([{ path: '/admin/rentals', element: <AdminRentalsPage /> }], path);

describe('staff rentals screen', () => {
  it('has the staff list frame: heading, a way back to orders, filters and a paged list', async () => {
    renderAt('/admin/rentals');
    expect(screen.getByRole('heading', { level: 1, name: 'Locações' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Voltar aos pedidos/ }).getAttribute('href')).toBe(
      '/admin/orders',
    );
    const table = await screen.findByTestId('admin-rentals-table');
    expect(
      within(table)
        .getAllByRole('link', { name: 'joana@example.com' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(Array(2).fill('/admin/users/00000000-0000-4000-8000-000000000001'));
    expect(within(table).getAllByText(/R\$\s15,00/)).toHaveLength(2);
    expect(screen.getByTestId('list-total').textContent).toContain('45 locações');
    // The test DOM gives <search> no role yet; browsers expose it as the search landmark.
    expect(document.querySelector('search')?.getAttribute('aria-label')).toBe('Filtros das locações');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ skip: '0', limit: '20' });

    fireEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    await waitFor(() => expect(calls.at(-1)!.searchParams.get('skip')).toBe('20'));
  });

  it('sends the status filter to the server and offers to clear it', async () => {
    renderAt('/admin/rentals');
    await screen.findByTestId('admin-rentals-table');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
    await waitFor(() => expect(calls.at(-1)!.searchParams.get('status')).toBe('cancelled'));
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toContain('1 locação'));
    fireEvent.click(screen.getByRole('button', { name: /Limpar filtro/ }));
    await waitFor(() => expect(calls.at(-1)!.searchParams.has('status')).toBe(false));
  });
});
