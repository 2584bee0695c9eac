import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { actionErrorText } from '../../components/list-parts.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { CheckboxField, SelectField } from '../../components/ui/field.tsx';
import { normaliseLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { sortByName } from '../../lib/collate.ts';
import { useCreateProduct } from './api/create-product.ts';
import { useCatalogOptions } from './api/get-catalog-options.ts';
import { PriceStockFields, type PriceStockText, parsePriceStock } from './components/price-stock-fields.tsx';

/** /admin/products/new: a product for a service in a country that has none yet. */
export function AdminProductNewPage() {
  const { t, i18n } = useTranslation('admin-products');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const navigate = useNavigate();
  const options = useCatalogOptions(lang);
  const create = useCreateProduct();
  const [service, setService] = useState('');
  const [country, setCountry] = useState('');
  const [amounts, setAmounts] = useState<PriceStockText>({ priceBrl: '', priceUsd: '', stock: '0' });
  const [active, setActive] = useState(true);
  const [submitted, setSubmitted] = useState(false);

  const { brl, usd, stock } = parsePriceStock(amounts);
  const choiceError = submitted && (!service || !country) ? t('new.required') : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!service || !country || brl === null || usd === null || stock === null) return;
    create.mutate(
      {
        service_code: service,
        country_code: country,
        price_brl: brl,
        price_usd: usd,
        stock,
        is_active: active,
      },
      {
        onSuccess: (product) => {
          toast.success(t('toasts.created', { sku: product.sku }));
          navigate(`/admin/products?search=${encodeURIComponent(product.sku)}`);
        },
      },
    );
  }

  const createError =
    create.error instanceof ApiError && create.error.code === 'PRODUCT_EXISTS'
      ? (create.error.detail ?? t('new.exists'))
      : create.isError
        ? actionErrorText(create.error, t('errors.create'))
        : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/admin/products" className={`${buttonClasses('ghost', 'sm')} -ml-3`}>
        <ArrowLeft className="size-4" aria-hidden />
        {t('links.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {t('new.title')}
      </h1>
      <p className="mt-1 text-slate-600">{t('new.subtitle')}</p>

      <Card className="mt-6">
        {options.isPending ? (
          <div className="flex flex-col gap-4" aria-hidden>
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-2/3" />
          </div>
        ) : options.isError ? (
          <ErrorState
            message={t('errors.options')}
            retryLabel={t('common:retry')}
            onRetry={() => void options.refetch()}
          />
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="product-new-form">
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label={t('new.service')}
                value={service}
                onChange={(e) => setService(e.target.value)}
                error={submitted && !service ? choiceError : null}
                required
              >
                <option value="">{t('new.chooseService')}</option>
                {options.data.categories.map((c) => (
                  <optgroup key={c.slug} label={c.name}>
                    {options.data.services
                      .filter((s) => s.category === c.slug)
                      .map((s) => (
                        <option key={s.code} value={s.code}>
                          {s.name}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </SelectField>
              <SelectField
                label={t('new.country')}
                value={country}
                onChange={(e) => setCountry(e.target.value)}
                error={submitted && !country ? choiceError : null}
                required
              >
                <option value="">{t('new.chooseCountry')}</option>
                {sortByName(options.data.countries, (c) => c.name, i18n.language).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
            </div>
            <PriceStockFields
              value={amounts}
              onChange={setAmounts}
              showErrors={submitted}
              stockLabel={t('new.stock')}
            />
            <CheckboxField
              label={t('edit.active')}
              description={t('edit.activeHint')}
              checked={active}
              onChange={(e) => setActive(e.target.checked)}
            />
            {createError && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {createError}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Link to="/admin/products" className={buttonClasses('secondary')}>
                {t('edit.cancel')}
              </Link>
              <Button type="submit" loading={create.isPending}>
                {create.isPending ? t('new.submitting') : t('new.submit')}
              </Button>
            </div>
          </form>
        )}
      </Card>
    </div>
  );
}
