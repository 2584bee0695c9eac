import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { actionErrorText } from '../../components/list-parts.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { CheckboxField, SelectField } from '../../components/ui/field.tsx';
import { normaliseLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { sortByName } from '../../lib/collate.ts';
import { toast } from '../../lib/toast.ts';
import { useCreateProduct } from './api/create-product.ts';
import { useCatalogOptions } from './api/get-catalog-options.ts';
import { PriceStockFields } from './components/price-stock-fields.tsx';
import { type ProductNewBody, type ProductNewFields, productNewResolver } from './product-form.ts';

/** /admin/products/new: a product for a service in a country that has none yet. */
export function AdminProductNewPage() {
  const { t, i18n } = useTranslation('admin-products');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const navigate = useNavigate();
  const options = useCatalogOptions(lang);
  const create = useCreateProduct();
  const form = useForm<ProductNewFields, unknown, ProductNewBody>({
    resolver: productNewResolver,
    defaultValues: { service: '', country: '', priceBrl: '', priceUsd: '', stock: '0', active: true },
  });
  const { errors } = form.formState;
  const choiceError = (key: string | undefined) => (key ? t(key) : null);

  function save(body: ProductNewBody) {
    create.mutate(body, {
      onSuccess: (product) => {
        toast.success(t('toasts.created', { sku: product.sku }));
        navigate(`/admin/products?search=${encodeURIComponent(product.sku)}`);
      },
    });
  }

  const createError =
    create.error instanceof ApiError && create.error.code === 'PRODUCT_EXISTS'
      ? (create.error.detail ?? t('new.exists'))
      : create.isError
        ? actionErrorText(create.error, t('errors.create'))
        : null;

  return (
    <AdminPage width="3xl">
      <PageHeader
        back={{ to: '/admin/products', label: t('links.back'), look: 'button' }}
        title={t('new.title')}
        subtitle={t('new.subtitle')}
      />

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
          <FormProvider {...form}>
            <form
              onSubmit={(e) => void form.handleSubmit(save)(e)}
              noValidate
              className="flex flex-col gap-4"
              data-testid="product-new-form"
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  label={t('new.service')}
                  {...form.register('service')}
                  error={choiceError(errors.service?.message)}
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
                  {...form.register('country')}
                  error={choiceError(errors.country?.message)}
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
              <PriceStockFields stockLabel={t('new.stock')} />
              <CheckboxField
                label={t('edit.active')}
                description={t('edit.activeHint')}
                {...form.register('active')}
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
          </FormProvider>
        )}
      </Card>
    </AdminPage>
  );
}
