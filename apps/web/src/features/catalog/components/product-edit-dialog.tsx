import type { AdminProduct, AdminProductUpdate } from '@numero/contract/catalog';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ServiceIcon } from '../../../components/brand-icons.tsx';
import { actionErrorText } from '../../../components/list-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CheckboxField } from '../../../components/ui/field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { priceInputValue } from '../money-input.ts';
import { type ProductEditFields, type ProductEditValues, productEditResolver } from '../product-form.ts';
import { PriceStockFields } from './price-stock-fields.tsx';

/** Prices in both currencies, stock and the active flag of one product; only what changed is sent. */
export function ProductEditDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-products');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const update = useUpdateProduct();
  const form = useForm<ProductEditFields, unknown, ProductEditValues>({
    resolver: productEditResolver,
    defaultValues: {
      priceBrl: priceInputValue(product.price_brl, lang),
      priceUsd: priceInputValue(product.price_usd, lang),
      stock: String(product.stock),
      active: product.is_active,
      pinned: product.price_pinned,
    },
  });

  function save({ priceBrl, priceUsd, stock, active, pinned }: ProductEditValues) {
    const changes: AdminProductUpdate = {
      ...(priceBrl !== product.price_brl && { price_brl: priceBrl }),
      ...(priceUsd !== product.price_usd && { price_usd: priceUsd }),
      ...(stock !== product.stock && { stock }),
      ...(active !== product.is_active && { is_active: active }),
      ...(pinned !== product.price_pinned && { price_pinned: pinned }),
    };
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: product.id, changes },
      {
        onSuccess: () => {
          toast.success(t('toasts.saved'));
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title={t('edit.title')} closeLabel={t('common:close')}>
      <FormProvider {...form}>
        <form
          onSubmit={(e) => void form.handleSubmit(save)(e)}
          noValidate
          className="flex flex-col gap-4"
          data-testid="product-edit-form"
        >
          <p className="flex items-center gap-2 font-medium text-slate-900">
            <ServiceIcon code={product.service_code} name={product.service_name} className="size-6" />
            <span>
              {product.name} <span className="text-sm font-normal text-slate-500">· {product.sku}</span>
            </span>
          </p>
          <PriceStockFields stockLabel={t('edit.stock')} />
          <CheckboxField
            label={t('edit.active')}
            description={t('edit.activeHint')}
            {...form.register('active')}
          />
          <CheckboxField
            label={t('edit.pinned')}
            description={t('edit.pinnedHint')}
            {...form.register('pinned')}
          />
          {update.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {actionErrorText(update.error, t('errors.update'))}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? t('edit.saving') : t('edit.save')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
