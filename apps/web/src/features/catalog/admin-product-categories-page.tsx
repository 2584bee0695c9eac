import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadErrorText, TableSkeleton } from '../../components/list-parts.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Badge, EmptyState, ErrorState } from '../../components/ui/feedback.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { normaliseLanguage } from '../../i18n/index.ts';
import { useCatalogOptions } from './api/get-catalog-options.ts';

/** /admin/products/categories: the categories with how many products each holds, each opening its list. */
export function AdminProductCategoriesPage() {
  const { t, i18n } = useTranslation('admin-products');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const options = useCatalogOptions(lang);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/admin/products" className={`${buttonClasses('ghost', 'sm')} -ml-3`}>
        <ArrowLeft className="size-4" aria-hidden />
        {t('links.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {t('categories.title')}
      </h1>
      <p className="mt-1 text-slate-600">{t('categories.subtitle')}</p>
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
          <Table label={t('categories.label')} data-testid="categories-table">
            <thead>
              <tr>
                <Th>{t('categories.name')}</Th>
                <Th>{t('categories.slug')}</Th>
                <Th numeric>{t('categories.products')}</Th>
                <Th numeric>{t('categories.activeProducts')}</Th>
                <Th>{t('categories.status')}</Th>
                <Th className="relative">
                  <span className="sr-only">{t('categories.view')}</span>
                </Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {options.data.categories.map((c) => (
                <tr key={c.slug} data-testid="category-row">
                  <Td className="font-medium text-slate-900">{c.name}</Td>
                  <Td className="font-mono text-xs">{c.slug}</Td>
                  <Td numeric>{c.product_count}</Td>
                  <Td numeric>{c.active_count}</Td>
                  <Td>
                    <Badge tone={c.is_active ? 'success' : 'neutral'}>
                      {t(c.is_active ? 'categories.active' : 'categories.inactive')}
                    </Badge>
                  </Td>
                  <Td>
                    <Link
                      to={`/admin/products?category=${encodeURIComponent(c.slug)}`}
                      className={buttonClasses('secondary')}
                      aria-label={t('categories.viewLabel', { name: c.name })}
                    >
                      {t('categories.view')}
                      <ArrowRight className="size-4" aria-hidden />
                    </Link>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </div>
  );
}
