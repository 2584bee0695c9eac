import { type AdminProduct, AdminProductStatus, PRODUCT_STATUSES } from '@numero/contract/catalog';
import { FolderTree, Pencil, Percent, Plus, Power, PowerOff, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage, FiltersBar, PageHeader } from '../../components/admin-list-page.tsx';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import {
  actionErrorText,
  loadErrorText,
  StatCard,
  StatGrid,
  TableSkeleton,
  useSearchBox,
} from '../../components/list-parts.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Badge } from '../../components/ui/feedback.tsx';
import { SearchField, SelectField } from '../../components/ui/field.tsx';
import { pageCount, paginationLabels } from '../../components/ui/pagination.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { type Lang, normaliseLanguage } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { ADMIN_PRODUCTS_PAGE_SIZE, useAdminProducts } from './api/get-admin-products.ts';
import { useCatalogOptions } from './api/get-catalog-options.ts';
import { useProductsSummary } from './api/get-products-summary.ts';
import { useUpdateProduct } from './api/update-product.ts';
import { ProductEditDialog } from './components/product-edit-dialog.tsx';
import { STOCK_TONE, stockLevel } from './stock-level.ts';

const STATUS_TONE = {
  active: 'success',
  inactive: 'neutral',
  out_of_stock: 'danger',
  paused: 'warning',
  withdrawn: 'neutral',
} as const;

/** /admin/products: every service × country with its prices, stock and status; edited in place. */
export function AdminProductsPage() {
  const { t, i18n } = useTranslation('admin-products');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { params, page, update, goToPage } = useListParams();
  const search = params.get('search') ?? '';
  const category = params.get('category') ?? '';
  const parsedStatus = AdminProductStatus.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const searchBox = useSearchBox(search, (text) => update({ search: text || null }));

  const list = useAdminProducts({
    search: search || undefined,
    category: category || undefined,
    status,
    skip: (page - 1) * ADMIN_PRODUCTS_PAGE_SIZE,
    limit: ADMIN_PRODUCTS_PAGE_SIZE,
    lang,
  });
  const summary = useProductsSummary();
  // Each card: its number, a skeleton while loading, a dash if the summary failed (the table still works).
  const count = (pick: (s: NonNullable<typeof summary.data>) => number) =>
    summary.data ? pick(summary.data) : summary.isError ? null : undefined;
  const options = useCatalogOptions(lang);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const filtered = Boolean(search || category || status);
  const pages = pageCount(list.data?.total ?? 0, ADMIN_PRODUCTS_PAGE_SIZE);

  return (
    <AdminPage>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/products/pricing" className={buttonClasses('secondary')}>
              <Percent className="size-4" aria-hidden />
              {t('links.pricing')}
            </Link>
            <Link to="/admin/products/categories" className={buttonClasses('secondary')}>
              <FolderTree className="size-4" aria-hidden />
              {t('links.categories')}
            </Link>
            <Link to="/admin/products/new" className={buttonClasses('primary')}>
              <Plus className="size-4" aria-hidden />
              {t('links.new')}
            </Link>
          </div>
        }
      />

      <div className="mt-6">
        <StatGrid label={t('summary.label')}>
          <StatCard label={t('summary.total')} value={count((s) => s.total)} testId="summary-total" />
          <StatCard
            label={t('summary.active')}
            value={count((s) => s.active)}
            tone="success"
            testId="summary-active"
          />
          <StatCard
            label={t('summary.inactive')}
            value={count((s) => s.inactive)}
            testId="summary-inactive"
          />
          <StatCard
            label={t('summary.outOfStock')}
            value={count((s) => s.out_of_stock)}
            tone="danger"
            testId="summary-out-of-stock"
          />
          <StatCard
            label={t('summary.lowStock')}
            value={count((s) => s.low_stock)}
            hint={t('summary.lowStockHint')}
            tone="warning"
            testId="summary-low-stock"
          />
        </StatGrid>
      </div>

      <FiltersBar
        label={t('filters.label')}
        className="sm:grid-cols-2 lg:grid-cols-[1fr_14rem_14rem_auto] lg:items-end"
      >
        <SearchField
          className="sm:col-span-2 lg:col-span-1"
          label={t('filters.search')}
          value={searchBox.text}
          onChange={(e) => searchBox.onChange(e.target.value)}
          placeholder={t('filters.searchPlaceholder')}
          autoComplete="off"
        />
        <SelectField
          label={t('filters.category')}
          value={category}
          onChange={(e) => update({ category: e.target.value || null })}
        >
          <option value="">{t('filters.allCategories')}</option>
          {options.data?.categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('filters.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value || null })}
        >
          <option value="">{t('filters.allStatuses')}</option>
          {PRODUCT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => update({ search: null, category: null, status: null })}
            icon={<X className="size-4" aria-hidden />}
          >
            {t('filters.clear')}
          </Button>
        )}
      </FiltersBar>

      <PagedList
        query={list}
        skeleton={<TableSkeleton label={t('loading')} />}
        errorMessage={(error) => loadErrorText(error, t)}
        retryLabel={t('common:retry')}
        empty={{
          title: t('empty.title'),
          body: (
            <>
              <p>{filtered ? t('empty.filtered') : t('empty.none')}</p>
              {!filtered && (
                <Link to="/admin/products/new" className={`${buttonClasses('secondary')} mt-4`}>
                  <Plus className="size-4" aria-hidden />
                  {t('links.new')}
                </Link>
              )}
            </>
          ),
        }}
        page={page}
        pages={pages}
        onPageChange={goToPage}
        totalTestId="list-total"
        labels={(total) => paginationLabels(t, { total, page, pages })}
      >
        {(items) => <ProductsTable items={items} lang={lang} onEdit={setEditing} />}
      </PagedList>
      {editing && <ProductEditDialog product={editing} onClose={() => setEditing(null)} />}
    </AdminPage>
  );
}

function ProductsTable({
  items,
  lang,
  onEdit,
}: {
  items: AdminProduct[];
  lang: Lang;
  onEdit: (p: AdminProduct) => void;
}) {
  const { t } = useTranslation('admin-products');
  const toggle = useUpdateProduct();
  const setActive = (p: AdminProduct, isActive: boolean) =>
    toggle.mutate(
      { id: p.id, changes: { is_active: isActive } },
      {
        onSuccess: (saved) =>
          toast.success(t(isActive ? 'toasts.activated' : 'toasts.deactivated', { name: saved.name })),
        onError: (error) => toast.error(actionErrorText(error, t('errors.status'))),
      },
    );

  return (
    <DataTable
      label={t('table.label')}
      testId="products-table"
      rows={items}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-testid': 'product-row', 'data-sku': p.sku, 'data-status': p.status })}
      columns={[
        {
          header: t('table.product'),
          card: 'title',
          cell: (p) => (
            <div className="flex items-center gap-3">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100"
                aria-hidden
              >
                <ServiceIcon code={p.service_code} name={p.service_name} />
              </span>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {p.service_name}
                  {p.price_pinned && (
                    <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
                      {t('edit.pinned')}
                    </span>
                  )}
                </p>
                <p className="text-xs font-normal text-slate-600">
                  <CountryFlag code={p.country_code} className="mr-1 inline-flex align-[-2px]" />{' '}
                  {p.country_name}
                </p>
              </div>
            </div>
          ),
        },
        { header: t('table.sku'), className: 'font-mono text-xs', cell: (p) => p.sku },
        { header: t('table.category'), cell: (p) => p.category_name },
        {
          header: t('table.priceBrl'),
          numeric: true,
          cellProps: () => ({ 'data-testid': 'price-brl' }),
          cell: (p) => formatMoney(p.price_brl, 'BRL', lang),
        },
        {
          header: t('table.priceUsd'),
          numeric: true,
          cellProps: () => ({ 'data-testid': 'price-usd' }),
          cell: (p) => formatMoney(p.price_usd, 'USD', lang),
        },
        {
          header: t('table.stock'),
          numeric: true,
          cell: (p) => {
            const level = stockLevel(p);
            return (
              <div className="flex flex-col items-end gap-1">
                <span>{p.stock.toLocaleString(lang === 'en' ? 'en-US' : 'pt-BR')}</span>
                <span data-testid="stock-label" data-level={level}>
                  <Badge tone={STOCK_TONE[level]}>{t(`stock.${level}`)}</Badge>
                </span>
              </div>
            );
          },
        },
        {
          header: t('table.status'),
          card: 'badge',
          cellProps: () => ({ 'data-testid': 'product-status' }),
          cell: (p) => <Badge tone={STATUS_TONE[p.status]}>{t(`status.${p.status}`)}</Badge>,
        },
        {
          header: t('table.actions'),
          card: 'actions',
          cell: (p) => (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => onEdit(p)}
                aria-label={t('actions.editLabel', { name: p.name })}
                icon={<Pencil className="size-4" aria-hidden />}
              >
                {t('actions.edit')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => setActive(p, !p.is_active)}
                loading={toggle.isPending && toggle.variables?.id === p.id}
                aria-label={t(p.is_active ? 'actions.deactivateLabel' : 'actions.activateLabel', {
                  name: p.name,
                })}
                icon={
                  p.is_active ? (
                    <PowerOff className="size-4" aria-hidden />
                  ) : (
                    <Power className="size-4" aria-hidden />
                  )
                }
              >
                {t(p.is_active ? 'actions.deactivate' : 'actions.activate')}
              </Button>
            </div>
          ),
        },
      ]}
    />
  );
}
