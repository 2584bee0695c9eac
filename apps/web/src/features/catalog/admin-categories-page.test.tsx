import type { AdminCategory } from '@numero/contract/catalog-structure';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { AdminCategoriesPage } from './admin-categories-page.tsx';

const sms: AdminCategory = {
  id: 1,
  slug: 'sms',
  name_pt: 'SMS',
  name_en: 'SMS',
  sort_order: 0,
  is_active: true,
  services: [],
};

let writes: { method: string; path: string; body: unknown }[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  writes = [];
  const write = async ({ request }: { request: Request }) => {
    writes.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json([sms]);
  };
  server.use(
    http.get('/api/v1/admin/categories', () => HttpResponse.json([sms])),
    http.post('/api/v1/admin/categories', write),
    http.patch('/api/v1/admin/categories/:id', write),
  );
});

afterEach(cleanup);

const renderPage = () =>
  renderRoutes([{ path: '/admin/categories', element: <AdminCategoriesPage /> }], '/admin/categories');

describe('/admin/categories forms', () => {
  it('refuses a bad identifier and blank names with the page’s words, then creates the category', async () => {
    renderPage();
    const form = await screen.findByTestId('category-new-form');
    fireEvent.change(within(form).getByLabelText('Identificador'), { target: { value: 'Não Vale' } });
    fireEvent.change(within(form).getByLabelText('Nome em português'), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Criar categoria' }));
    expect((await within(form).findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Use de 2 a 40 letras minúsculas, números ou hífen.',
      'Obrigatório.',
      'Obrigatório.',
    ]);
    expect(writes).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Identificador'), { target: { value: ' jogos ' } });
    fireEvent.change(within(form).getByLabelText('Nome em português'), { target: { value: ' Jogos ' } });
    fireEvent.change(within(form).getByLabelText('Nome em inglês'), { target: { value: 'Games' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Criar categoria' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/v1/admin/categories',
      body: { slug: 'jogos', name_pt: 'Jogos', name_en: 'Games' },
    });
    // Created: the form is empty again.
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLInputElement>('Identificador').value).toBe(''),
    );
  });

  it('renames a category only with both names filled in', async () => {
    renderPage();
    const rename = await screen.findByRole('form', { name: 'Nomes de SMS' });
    const button = within(rename).getByRole('button', { name: 'Renomear' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(rename).getByLabelText('Nome em inglês'), { target: { value: '' } });
    fireEvent.click(button);
    expect((await within(rename).findByRole('alert')).textContent).toBe('Obrigatório.');
    expect(writes).toHaveLength(0);

    fireEvent.change(within(rename).getByLabelText('Nome em inglês'), {
      target: { value: 'Text messages ' },
    });
    fireEvent.click(button);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PATCH',
      path: '/api/v1/admin/categories/1',
      body: { name_pt: 'SMS', name_en: 'Text messages' },
    });
  });
});
