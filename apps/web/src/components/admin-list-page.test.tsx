import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminPage, FiltersBar, PageHeader } from './admin-list-page.tsx';

afterEach(cleanup);

describe('the staff screens’ frame', () => {
  it('heads the page with its title, what it is for, the way back and its actions', () => {
    render(
      <MemoryRouter>
        <AdminPage>
          <PageHeader
            back={{ to: '/admin', label: 'Back to the panel' }}
            title="Orders"
            subtitle="Every customer’s purchases"
            subtitleTestId="note"
            actions={<button type="button">Export</button>}
          />
        </AdminPage>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(screen.getByTestId('note').textContent).toBe('Every customer’s purchases');
    expect(screen.getByRole('link', { name: 'Back to the panel' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('leaves out what a screen does not have', () => {
    render(
      <MemoryRouter>
        <PageHeader title="Settings" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).parentElement!.querySelector('p')).toBeNull();
  });

  it('names the filters row, a search landmark', () => {
    const { container } = render(
      <FiltersBar label="Filter orders" className="sm:grid-cols-2">
        <input aria-label="Search" />
      </FiltersBar>,
    );
    // jsdom gives <search> no role yet; browsers expose it as the search landmark.
    const row = container.querySelector('search')!;
    expect(row.getAttribute('aria-label')).toBe('Filter orders');
    expect(row.className).toBe('mt-6 grid gap-3 sm:grid-cols-2');
  });
});
