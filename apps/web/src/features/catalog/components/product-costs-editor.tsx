import type { AdminProduct } from '@numero/contract/catalog';
import type { PricingCurrency, ProductCost } from '@numero/contract/catalog-pricing';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionErrorText } from '../../../components/list-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../lib/toast.ts';
import { findProductCosts, saveProductCosts } from '../api/pricing.ts';
import { parsePrice, priceInputValue } from '../money-input.ts';

const CURRENCIES: PricingCurrency[] = ['BRL', 'USD'];
const key = (provider: string, currency: PricingCurrency) => `${provider}/${currency}`;

/** What each upstream seller charges for one product (found by SKU), per currency: the rules' base. */
export function ProductCostsEditor({ providers, canWrite }: { providers: string[]; canWrite: boolean }) {
  const { t, i18n } = useTranslation('admin-pricing');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [sku, setSku] = useState('');
  const [product, setProduct] = useState<AdminProduct | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState(false);
  const find = useMutation({ mutationFn: findProductCosts });
  const save = useMutation({ mutationFn: saveProductCosts });

  function onFind(event: FormEvent) {
    event.preventDefault();
    save.reset();
    find.mutate(sku, {
      onSuccess: (found) => {
        setProduct(found?.product ?? null);
        const next: Record<string, string> = {};
        for (const c of found?.costs ?? []) next[key(c.provider, c.currency)] = priceInputValue(c.cost, lang);
        setTexts(next);
      },
    });
  }

  function onSave() {
    if (!product) return;
    const costs: ProductCost[] = [];
    for (const [k, text] of Object.entries(texts)) {
      if (!text.trim()) continue;
      const cents = parsePrice(text);
      if (cents === null) return setInvalid(true);
      const [provider, currency] = k.split('/') as [string, PricingCurrency];
      costs.push({ provider, currency, cost: cents });
    }
    setInvalid(false);
    save.mutate({ id: product.id, costs }, { onSuccess: () => toast.success(t('costs.saved')) });
  }

  return (
    <section className="mt-10" aria-labelledby="costs-title">
      <h2 id="costs-title" className="text-lg font-semibold text-slate-900">
        {t('costs.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('costs.subtitle')}</p>
      <form onSubmit={onFind} className="mt-3 flex flex-wrap items-end gap-3">
        <TextField label={t('costs.sku')} value={sku} onChange={(e) => setSku(e.target.value)} />
        <Button type="submit" variant="secondary" loading={find.isPending}>
          {t('costs.open')}
        </Button>
      </form>
      {find.isSuccess && !product && <p className="mt-3 text-sm text-red-700">{t('costs.notFound')}</p>}
      {product && (
        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="costs-editor">
          {providers.flatMap((p) =>
            CURRENCIES.map((c) => (
              <TextField
                key={key(p, c)}
                label={t('costs.field', { provider: p, currency: c, sku: product.sku })}
                inputMode="decimal"
                readOnly={!canWrite}
                value={texts[key(p, c)] ?? ''}
                onChange={(e) => setTexts((x) => ({ ...x, [key(p, c)]: e.target.value }))}
              />
            )),
          )}
          <div className="flex items-end">
            {canWrite && (
              <Button onClick={onSave} loading={save.isPending}>
                {t('costs.save')}
              </Button>
            )}
          </div>
        </div>
      )}
      {(invalid || save.isError || find.isError) && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {invalid ? t('costs.invalid') : actionErrorText(save.error ?? find.error, t('errors.action'))}
        </p>
      )}
    </section>
  );
}
