import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table.tsx';

interface Order {
  id: string;
  service: string;
  status: string;
  price: string;
  note: string;
}

const rows: Order[] = [
  { id: 'a', service: 'WhatsApp', status: 'Concluída', price: 'R$ 5,00', note: 'first' },
  { id: 'b', service: 'Telegram', status: 'Cancelada', price: 'R$ 3,00', note: 'second' },
];

/** A screen `width` px wide that can be resized later, as matchMedia sees it. */
function screenOf(width: number) {
  const lists: { query: string; listeners: Set<() => void> }[] = [];
  const matches = (query: string) => width >= Number(/min-width: (\d+)px/.exec(query)![1]);
  vi.stubGlobal('matchMedia', (query: string) => {
    const list = { query, listeners: new Set<() => void>() };
    lists.push(list);
    return {
      get matches() {
        return matches(query);
      },
      addEventListener: (_: string, f: () => void) => list.listeners.add(f),
      removeEventListener: (_: string, f: () => void) => list.listeners.delete(f),
    };
  });
  return (next: number) => {
    width = next;
    for (const l of lists) for (const f of l.listeners) f();
  };
}

const renderOrders = () =>
  render(
    <DataTable
      label="Pedidos"
      testId="orders"
      rows={rows}
      rowKey={(o) => o.id}
      rowProps={(o) => ({ 'data-testid': 'row', 'data-id': o.id })}
      columns={[
        { header: 'Serviço', card: 'title', cell: (o) => o.service },
        { header: 'Status', card: 'badge', cell: (o) => o.status },
        {
          header: 'Preço',
          numeric: true,
          cellProps: () => ({ 'data-testid': 'price' }),
          cell: (o) => o.price,
        },
        { header: 'Nota', card: 'none', cell: (o) => o.note },
        {
          header: 'Ações',
          srOnlyHeader: true,
          card: 'actions',
          cell: (o, form) => form === 'card' && `Abrir ${o.id}`,
        },
      ]}
    />,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('is a table with headings and right-aligned amounts on a wide screen', () => {
    screenOf(1280);
    renderOrders();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Serviço', 'Status', 'Preço', 'Nota', 'Ações']);
    const first = within(table).getAllByTestId('row')[0]!;
    expect(first.tagName).toBe('TR');
    expect(within(first).getByTestId('price').className).toContain('text-right');
    expect(first.textContent).toContain('first');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('is a list of labelled cards on a phone, with the same test ids, and follows a resize', () => {
    const resize = screenOf(360);
    renderOrders();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Pedidos' });
    const cards = within(list).getAllByTestId('row');
    expect(cards).toHaveLength(2);
    expect(cards[1]!.dataset.id).toBe('b');
    // The price is labelled by its column's heading; a column kept off cards is not there.
    const price = within(cards[0]!).getByTestId('price');
    expect(price.previousElementSibling?.textContent).toBe('Preço');
    expect(price.textContent).toBe('R$ 5,00');
    expect(cards[0]!.textContent).not.toContain('first');
    expect(cards[0]!.textContent).toContain('Abrir a');

    act(() => resize(1024));
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
