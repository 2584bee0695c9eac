import type { AdminProduct } from '@numero/contract/catalog';
import type { ProductCost } from '@numero/contract/catalog-pricing';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { actionErrorText } from '../../../components/list-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { providerName } from '../../../lib/provider-name.ts';
import { toast } from '../../../lib/toast.ts';
import { findProductCosts, saveProductCosts } from '../api/pricing.ts';
import { COST_CURRENCIES, type CostsFields, costsFieldsOf, costsResolver } from '../costs-form.ts';

/** What each upstream seller charges for one product (found by SKU), per currency: the rules' base. */
export function ProductCostsEditor({ providers, canWrite }: { providers: string[]; canWrite: boolean }) {
  const { t, i18n } = useTranslation('admin-pricing');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const lookup = useForm<{ sku: string }>({ defaultValues: { sku: '' } });
  const form = useForm<CostsFields, unknown, ProductCost[]>({
    resolver: costsResolver,
    defaultValues: { costs: {} },
  });
  const invalid = form.formState.errors.costs !== undefined;
  // The product whose costs the form holds (found by its SKU): not a field.
  const [product, setProduct] = useState<AdminProduct | null>(null);
  const find = useMutation({ mutationFn: findProductCosts });
  const save = useMutation({ mutationFn: saveProductCosts });

  function onFind({ sku }: { sku: string }) {
    save.reset();
    find.mutate(sku, {
      onSuccess: (found) => {
        setProduct(found?.product ?? null);
        form.reset(costsFieldsOf(found?.costs ?? [], lang));
      },
    });
  }

  function onSave(costs: ProductCost[]) {
    if (!product) return;
    save.mutate({ id: product.id, costs }, { onSuccess: () => toast.success(t('costs.saved')) });
  }

  return (
    <section className="mt-10" aria-labelledby="costs-title">
      <h2 id="costs-title" className="text-lg font-semibold text-slate-900">
        {t('costs.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('costs.subtitle')}</p>
      <form
        onSubmit={(e) => void lookup.handleSubmit(onFind)(e)}
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <TextField label={t('costs.sku')} {...lookup.register('sku')} />
        <Button type="submit" variant="secondary" loading={find.isPending}>
          {t('costs.open')}
        </Button>
      </form>
      {find.isSuccess && !product && <p className="mt-3 text-sm text-red-700">{t('costs.notFound')}</p>}
      {product && (
        <form
          onSubmit={(e) => void form.handleSubmit(onSave)(e)}
          noValidate
          aria-label={t('costs.title')}
          className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          data-testid="costs-editor"
        >
          {providers.flatMap((p) =>
            COST_CURRENCIES.map((c) => (
              <TextField
                key={`${p}/${c}`}
                label={t('costs.field', { provider: providerName(p, t), currency: c, sku: product.sku })}
                inputMode="decimal"
                readOnly={!canWrite}
                aria-invalid={form.formState.errors.costs?.[p]?.[c] ? true : undefined}
                {...form.register(`costs.${p}.${c}`)}
              />
            )),
          )}
          <div className="flex items-end">
            {canWrite && (
              <Button type="submit" loading={save.isPending}>
                {t('costs.save')}
              </Button>
            )}
          </div>
        </form>
      )}
      {(invalid || save.isError || find.isError) && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {invalid ? t('costs.invalid') : actionErrorText(save.error ?? find.error, t('errors.action'))}
        </p>
      )}
    </section>
  );
}
