import type { AdminCountry } from '@numero/contract/catalog-structure';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { AdminCountriesPage } from './admin-countries-page.tsx';

const portugal: AdminCountry = {
  code: 'PT',
  name_pt: 'Portugal',
  name_en: 'Portugal',
  dial_code: '+351',
  sort_order: 0,
  protocol_id: null,
  is_active: true,
  product_count: 3,
};

let list: AdminCountry[];
let patches: { path: string; body: Record<string, unknown> }[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  list = [portugal];
  patches = [];
  server.use(
    http.get('/api/v1/admin/countries', () => HttpResponse.json(list)),
    http.patch('/api/v1/admin/countries/:code', async ({ request }) => {
      const body = (await request.json()) as Partial<AdminCountry>;
      patches.push({ path: new URL(request.url).pathname, body });
      list = list.map((c) => (c.code === 'PT' ? { ...c, ...body } : c));
      return HttpResponse.json(list);
    }),
  );
});

afterEach(cleanup);

const renderPage = () =>
  renderRoutes([{ path: '/admin/countries', element: <AdminCountriesPage /> }], '/admin/countries');

describe('/admin/countries rows', () => {
  it('names what is wrong in a row as it is typed and saves it only once the contract accepts it', async () => {
    renderPage();
    const row = await screen.findByTestId('country-PT');
    const save = within(row).getByRole<HTMLButtonElement>('button', { name: 'Salvar Portugal' });
    // The flag is the country code's: drawn, never edited, and not read from the API's emoji.
    expect(row.querySelector('[data-icon="flag-PT"] img')).toBeTruthy();
    expect(within(row).queryByLabelText('Bandeira de Portugal')).toBeNull();
    expect(save.disabled).toBe(true);

    fireEvent.change(within(row).getByLabelText('Código de discagem de Portugal'), {
      target: { value: '351' },
    });
    fireEvent.change(within(row).getByLabelText('Número no protocolo de Portugal'), {
      target: { value: '100001' },
    });
    await waitFor(() =>
      expect(
        within(row)
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toEqual(['Use + e de 1 a 4 dígitos, ex.: +55.', 'Use um número de 0 a 100000, ou deixe vazio.']),
    );
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    expect(patches).toHaveLength(0);

    fireEvent.change(within(row).getByLabelText('Código de discagem de Portugal'), {
      target: { value: ' +351' },
    });
    fireEvent.change(within(row).getByLabelText('Número no protocolo de Portugal'), {
      target: { value: '117' },
    });
    await waitFor(() => expect(within(row).queryAllByRole('alert')).toHaveLength(0));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      path: '/api/v1/admin/countries/PT',
      body: { dial_code: '+351', protocol_id: 117 },
    });
    // Saved: the row shows what the server keeps, and there is nothing left to save.
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(within(row).getByLabelText<HTMLInputElement>('Número no protocolo de Portugal').value).toBe('117');
  });
});
