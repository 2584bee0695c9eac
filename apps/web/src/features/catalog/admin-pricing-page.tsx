import type { PricingResult, PricingRuleInput, SavedPricingRule } from '@numero/contract/catalog-pricing';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { actionErrorText } from '../../components/list-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { ErrorState } from '../../components/ui/feedback.tsx';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { normaliseLanguage } from '../../i18n/index.ts';
import { providerName } from '../../lib/provider-name.ts';
import { isAdmin } from '../../lib/roles.ts';
import { useSession } from '../../lib/session/session.tsx';
import { toast } from '../../lib/toast.ts';
import { formOfRule, SavedPricingRules } from './admin-pricing-rules.tsx';
import { useCatalogOptions } from './api/get-catalog-options.ts';
import { useApplyPricing, usePreviewPricing, useProviderNames } from './api/pricing.ts';
import { usePricingRuleActions } from './api/pricing-rules.ts';
import { ProductCostsEditor } from './components/product-costs-editor.tsx';
import {
  EMPTY_PRICING_FORM,
  type PricingChoice,
  type PricingFormValues,
  pricingResolver,
} from './pricing-form.ts';

const ENDINGS = ['', '90', '99', '0'];

/**
 * /admin/products/pricing: a rule (markup over the upstream cost, by provider, service or country, a
 * floor, a price ending) previewed product by product, old → new, then applied in one go or saved with
 * the other rules. A MANAGER previews and reads; only an ADMIN applies, saves or syncs.
 */
export function AdminPricingPage() {
  const { t, i18n } = useTranslation('admin-pricing');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const options = useCatalogOptions(lang);
  const providers = useProviderNames();
  const preview = usePreviewPricing();
  const apply = useApplyPricing();
  const { save } = usePricingRuleActions();
  const canWrite = isAdmin(useSession().user);
  const form = useForm<PricingFormValues, unknown, PricingChoice>({
    resolver: pricingResolver,
    defaultValues: EMPTY_PRICING_FORM,
  });
  const { errors } = form.formState;
  // The saved rule being edited in the form (null: "save" makes a new one).
  const [editing, setEditing] = useState<number | null>(null);
  // The rule the preview on screen was made with: applying sends exactly that one.
  const [previewed, setPreviewed] = useState<PricingRuleInput | null>(null);
  // A change to the rule makes the preview on screen stale (the auto-apply flag is not part of the rule).
  useEffect(() => {
    const watching = form.watch((_values, { name }) => {
      if (name !== 'autoApply') setPreviewed(null);
    });
    return () => watching.unsubscribe();
  }, [form]);

  function onPreview({ rule }: PricingChoice) {
    apply.reset();
    preview.mutate(rule, { onSuccess: () => setPreviewed(rule) });
  }

  function onSaveRule({ rule, autoApply }: PricingChoice) {
    save.mutate(
      { id: editing, rule: { ...rule, auto_apply: autoApply } },
      {
        onSuccess: () => {
          toast.success(t('rules.saved'));
          setEditing(null);
        },
      },
    );
  }

  function onEdit(rule: SavedPricingRule) {
    form.reset(formOfRule(rule));
    setEditing(rule.id);
    setPreviewed(null);
    window.scrollTo({ top: 0 });
  }

  function onApply() {
    if (!previewed) return;
    apply.mutate(previewed, {
      onSuccess: (r) => {
        toast.success(t('applied', { count: r.changes.length }));
        setPreviewed(null);
        preview.reset();
      },
    });
  }

  const failed = preview.error ?? apply.error ?? save.error;
  return (
    <AdminPage width="6xl">
      <PageHeader
        back={{ to: '/admin/products', label: t('back') }}
        title={t('title')}
        subtitle={t('subtitle')}
        subtitleClassName="max-w-3xl"
      />

      <form
        onSubmit={(e) => void form.handleSubmit(onPreview)(e)}
        noValidate
        aria-label={t('title')}
        className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <SelectField label={t('currency')} {...form.register('currency')}>
          <option value="BRL">BRL</option>
          <option value="USD">USD</option>
        </SelectField>
        <TextField
          label={t('markup')}
          inputMode="decimal"
          {...form.register('markup')}
          hint={t('markupHint')}
          error={errors.markup ? t('errors.markup') : null}
        />
        <SelectField label={t('ending')} {...form.register('ending')}>
          {ENDINGS.map((e) => (
            <option key={e} value={e}>
              {e === '' ? t('noEnding') : `,${e.padStart(2, '0')}`}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('floor')}
          inputMode="decimal"
          {...form.register('floor')}
          hint={t('floorHint')}
          error={errors.floor ? t('errors.floor') : null}
        />
        <SelectField label={t('provider')} {...form.register('provider')}>
          <option value="">{t('anyProvider')}</option>
          {providers.data?.map((p) => (
            <option key={p} value={p}>
              {providerName(p, t)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('service')} {...form.register('service')}>
          <option value="">{t('anyService')}</option>
          {options.data?.services.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('country')} {...form.register('country')}>
          <option value="">{t('anyCountry')}</option>
          {options.data?.countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end">
          <Button type="submit" loading={preview.isPending} className="w-full">
            {t('preview')}
          </Button>
        </div>
        {canWrite && (
          <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center lg:col-span-4">
            <CheckboxField label={t('rules.autoApply')} {...form.register('autoApply')} />
            <Button
              type="button"
              variant="secondary"
              loading={save.isPending}
              onClick={() => void form.handleSubmit(onSaveRule)()}
            >
              {editing === null ? t('rules.save') : t('rules.update')}
            </Button>
            {editing !== null && (
              <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
                {t('rules.cancelEdit')}
              </Button>
            )}
          </div>
        )}
      </form>

      {failed && (
        <div className="mt-6">
          <ErrorState message={actionErrorText(failed, t('errors.action'))} />
        </div>
      )}
      {preview.data && previewed && (
        <Preview
          result={preview.data}
          lang={lang}
          busy={apply.isPending}
          onApply={canWrite ? onApply : undefined}
        />
      )}
      <SavedPricingRules canWrite={canWrite} lang={lang} onEdit={onEdit} />
      <ProductCostsEditor providers={providers.data ?? []} canWrite={canWrite} />
    </AdminPage>
  );
}

function Preview({
  result,
  lang,
  busy,
  onApply,
}: {
  result: PricingResult;
  lang: string;
  busy: boolean;
  /** Absent for a MANAGER, who may only look. */
  onApply: (() => void) | undefined;
}) {
  const { t } = useTranslation('admin-pricing');
  const money = (cents: number) => formatMoney(cents, result.currency, lang);
  return (
    <section className="mt-8" aria-label={t('previewTitle')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{t('previewTitle')}</h2>
          <p className="text-sm text-slate-600" data-testid="pricing-summary">
            {t('summary', {
              count: result.changes.length,
              unchanged: result.unchanged,
              withoutCost: result.without_cost,
            })}
          </p>
        </div>
        {onApply && (
          <Button onClick={onApply} loading={busy} disabled={result.changes.length === 0}>
            {t('apply', { count: result.changes.length })}
          </Button>
        )}
      </div>
      {result.changes.length > 0 && (
        <div className="mt-4">
          <DataTable
            label={t('previewTitle')}
            rows={result.changes}
            rowKey={(c) => c.product_id}
            rowProps={() => ({ 'data-testid': 'pricing-change' })}
            columns={[
              { header: t('sku'), card: 'title', className: 'font-mono text-xs', cell: (c) => c.sku },
              { header: t('cost'), numeric: true, cell: (c) => money(c.cost) },
              { header: t('oldPrice'), numeric: true, cell: (c) => money(c.old_price) },
              {
                header: t('newPrice'),
                numeric: true,
                cell: (c) => <span className="font-semibold">{money(c.new_price)}</span>,
              },
            ]}
          />
        </div>
      )}
    </section>
  );
}
