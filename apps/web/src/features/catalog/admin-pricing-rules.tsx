import type { SavedPricingRule } from '@numero/contract/catalog-pricing';
import { useTranslation } from 'react-i18next';
import { actionErrorText } from '../../components/list-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { ErrorState } from '../../components/ui/feedback.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { providerName } from '../../lib/provider-name.ts';
import { toast } from '../../lib/toast.ts';
import { usePricingRuleActions, usePricingRules } from './api/pricing-rules.ts';
import { CatalogImportSummary } from './components/catalog-import-summary.tsx';
import type { PricingFormValues } from './pricing-form.ts';

/** A saved rule as the pricing form shows it, to edit it there. */
export function formOfRule(rule: SavedPricingRule): PricingFormValues {
  return {
    currency: rule.currency,
    markup: String(rule.markup_percent),
    provider: rule.provider ?? '',
    service: rule.service ?? '',
    country: rule.country ?? '',
    ending: rule.ending === undefined ? '' : String(rule.ending),
    floor: rule.floor === undefined ? '' : (rule.floor / 100).toFixed(2),
    autoApply: rule.auto_apply,
  };
}

/**
 * The saved rules of /admin/products/pricing, in the order they run: an ADMIN edits (in the form above)
 * and deletes them, applies them all, syncs the upstream costs now and imports the sellers' whole price
 * lists into the catalogue now (then sees what the import changed); a MANAGER only reads them.
 */
export function SavedPricingRules({
  canWrite,
  lang,
  onEdit,
}: {
  canWrite: boolean;
  lang: string;
  onEdit: (rule: SavedPricingRule) => void;
}) {
  const { t } = useTranslation('admin-pricing');
  const rules = usePricingRules();
  const { remove, applyAll, syncCosts, importCatalog } = usePricingRuleActions();
  const failed = remove.error ?? applyAll.error ?? syncCosts.error ?? rules.error;

  const scope = (r: SavedPricingRule) =>
    [r.provider && providerName(r.provider, t), r.service, r.country].filter(Boolean).join(' · ') ||
    t('rules.everything');
  const onApplyAll = () =>
    applyAll.mutate(undefined, {
      onSuccess: (r) =>
        toast.success(t('applied', { count: r.results.reduce((n, x) => n + x.changes.length, 0) })),
    });
  const onSync = () =>
    syncCosts.mutate(undefined, {
      onSuccess: (r) => toast.success(t('rules.synced', { count: r.changed })),
    });
  // Its result stays on screen until closed or the next run; a failure is a toast with the API's text.
  const onImport = () =>
    importCatalog.mutate(undefined, {
      onError: (error) => toast.error(actionErrorText(error, t('import.failed'))),
    });

  return (
    <section className="mt-10" aria-label={t('rules.title')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{t('rules.title')}</h2>
          <p className="max-w-3xl text-sm text-slate-600">
            {t(canWrite ? 'rules.subtitle' : 'rules.readOnly')}
          </p>
        </div>
        {canWrite && (
          <div className="flex max-w-xl flex-col gap-2 sm:items-end">
            <div className="flex flex-wrap gap-2 sm:justify-end">
              <Button variant="secondary" onClick={onImport} loading={importCatalog.isPending}>
                {importCatalog.isPending ? t('import.running') : t('import.run')}
              </Button>
              <Button variant="secondary" onClick={onSync} loading={syncCosts.isPending}>
                {t('rules.sync')}
              </Button>
              <Button onClick={onApplyAll} loading={applyAll.isPending} disabled={!rules.data?.length}>
                {t('rules.applyAll')}
              </Button>
            </div>
            <p className="text-sm text-slate-600 sm:text-right">{t('import.hint')}</p>
          </div>
        )}
      </div>
      {canWrite && importCatalog.data && (
        <CatalogImportSummary result={importCatalog.data} onClose={() => importCatalog.reset()} />
      )}
      {failed && (
        <div className="mt-4">
          <ErrorState message={actionErrorText(failed, t('errors.action'))} />
        </div>
      )}
      {rules.data && rules.data.length === 0 && (
        <p className="mt-4 text-sm text-slate-600">{t('rules.none')}</p>
      )}
      {rules.data && rules.data.length > 0 && (
        <div className="mt-4">
          <DataTable
            label={t('rules.title')}
            rows={rules.data}
            rowKey={(r) => r.id}
            rowProps={() => ({ 'data-testid': 'saved-rule' })}
            columns={[
              { header: t('rules.order'), numeric: true, cell: (r) => r.position },
              { header: t('rules.scope'), card: 'title', cell: scope },
              { header: t('currency'), cell: (r) => r.currency },
              { header: t('markup'), numeric: true, cell: (r) => `${r.markup_percent} %` },
              {
                header: t('ending'),
                cell: (r) => (r.ending === undefined ? '—' : `,${String(r.ending).padStart(2, '0')}`),
              },
              {
                header: t('floor'),
                numeric: true,
                cell: (r) => (r.floor === undefined ? '—' : formatMoney(r.floor, r.currency, lang)),
              },
              { header: t('rules.auto'), cell: (r) => (r.auto_apply ? t('rules.yes') : t('rules.no')) },
              ...(canWrite
                ? [
                    {
                      header: t('rules.actions'),
                      cell: (r: SavedPricingRule) => (
                        <div className="flex gap-2">
                          <Button size="sm" variant="secondary" onClick={() => onEdit(r)}>
                            {t('rules.edit')}
                          </Button>
                          <Button
                            size="sm"
                            variant="secondary"
                            loading={remove.isPending && remove.variables === r.id}
                            onClick={() =>
                              remove.mutate(r.id, { onSuccess: () => toast.success(t('rules.deleted')) })
                            }
                          >
                            {t('rules.delete')}
                          </Button>
                        </div>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </div>
      )}
    </section>
  );
}
