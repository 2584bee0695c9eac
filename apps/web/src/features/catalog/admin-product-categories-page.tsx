import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { loadErrorText, TableSkeleton } from '../../components/list-parts.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Badge, EmptyState, ErrorState } from '../../components/ui/feedback.tsx';
import { normaliseLanguage } from '../../i18n/index.ts';
import { useCatalogOptions } from './api/get-catalog-options.ts';

/** /admin/products/categories: the categories with how many products each holds, each opening its list. */
export function AdminProductCategoriesPage() {
  const { t, i18n } = useTranslation('admin-products');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const options = useCatalogOptions(lang);
  return (
    <AdminPage width="5xl">
      <PageHeader
        back={{ to: '/admin/products', label: t('links.back'), look: 'button' }}
        title={t('categories.title')}
        subtitle={t('categories.subtitle')}
      />
      <div className="mt-6">
        {options.isPending ? (
          <TableSkeleton label={t('loading')} rows={3} />
        ) : options.isError ? (
          <ErrorState
            message={loadErrorText(options.error, t)}
            retryLabel={t('common:retry')}
            onRetry={() => void options.refetch()}
          />
        ) : options.data.categories.length === 0 ? (
          <EmptyState title={t('categories.empty')} />
        ) : (
          <DataTable
            label={t('categories.label')}
            testId="categories-table"
            rows={options.data.categories}
            rowKey={(c) => c.slug}
            rowProps={() => ({ 'data-testid': 'category-row' })}
            columns={[
              {
                header: t('categories.name'),
                card: 'title',
                className: 'font-medium text-slate-900',
                cell: (c) => c.name,
              },
              {
                header: t('categories.slug'),
                className: 'font-mono text-xs',
                // An identifier (it is in the address), the same in every language.
                cell: (c) => <span translate="no">{c.slug}</span>,
              },
              { header: t('categories.products'), numeric: true, cell: (c) => c.product_count },
              { header: t('categories.activeProducts'), numeric: true, cell: (c) => c.active_count },
              {
                header: t('categories.status'),
                card: 'badge',
                cell: (c) => (
                  <Badge tone={c.is_active ? 'success' : 'neutral'}>
                    {t(c.is_active ? 'categories.active' : 'categories.inactive')}
                  </Badge>
                ),
              },
              {
                header: t('categories.view'),
                srOnlyHeader: true,
                card: 'actions',
                cell: (c) => (
                  <Link
                    to={`/admin/products?category=${encodeURIComponent(c.slug)}`}
                    className={buttonClasses('secondary')}
                    aria-label={t('categories.viewLabel', { name: c.name })}
                  >
                    {t('categories.view')}
                    <ArrowRight className="size-4" aria-hidden />
                  </Link>
                ),
              },
            ]}
          />
        )}
      </div>
    </AdminPage>
  );
}
