import type { AdminProduct, AdminProductUpdate } from '@numero/contract/catalog';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ServiceIcon } from '../../../components/brand-icons.tsx';
import { actionErrorText } from '../../../components/list-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CheckboxField } from '../../../components/ui/field.tsx';
import { useUpdateProduct } from '../api/update-product.ts';
import { priceInputValue } from '../money-input.ts';
import { PriceStockFields, type PriceStockText, parsePriceStock } from './price-stock-fields.tsx';

/** Prices in both currencies, stock and the active flag of one product; only what changed is sent. */
export function ProductEditDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-products');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const update = useUpdateProduct();
  const [amounts, setAmounts] = useState<PriceStockText>(() => ({
    priceBrl: priceInputValue(product.price_brl, lang),
    priceUsd: priceInputValue(product.price_usd, lang),
    stock: String(product.stock),
  }));
  const [active, setActive] = useState(product.is_active);
  const [submitted, setSubmitted] = useState(false);

  const { brl, usd, stock } = parsePriceStock(amounts);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (brl === null || usd === null || stock === null) return;
    const changes: AdminProductUpdate = {
      ...(brl !== product.price_brl && { price_brl: brl }),
      ...(usd !== product.price_usd && { price_usd: usd }),
      ...(stock !== product.stock && { stock }),
      ...(active !== product.is_active && { is_active: active }),
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
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="product-edit-form">
        <p className="flex items-center gap-2 font-medium text-slate-900">
          <ServiceIcon code={product.service_code} className="size-6" />
          <span>
            {product.name} <span className="text-sm font-normal text-slate-500">· {product.sku}</span>
          </span>
        </p>
        <PriceStockFields
          value={amounts}
          onChange={setAmounts}
          showErrors={submitted}
          stockLabel={t('edit.stock')}
        />
        <CheckboxField
          label={t('edit.active')}
          description={t('edit.activeHint')}
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
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
    </Dialog>
  );
}
