import { ACTIVATION_STATUSES, ORDER_PAYMENT_STATUSES } from '@numero/contract/activations';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { CheckboxField, SearchField, SelectField } from '../../components/ui/field.tsx';
import { normaliseLanguage } from '../../i18n/index.ts';
import { exportOrdersUrl } from './api/export-orders.ts';
import { EXPORT_COLUMNS, keepColumns } from './orders-export-csv.ts';
import {
  EXPORT_DEFAULTS,
  type ExportChoice,
  type ExportFields,
  exportResolver,
} from './orders-export-form.ts';

/** /admin/orders/export: choose the filters and the columns, then download the orders as CSV. */
export function AdminOrdersExportPage() {
  const { t, i18n } = useTranslation('admin-orders-export');
  // The statuses read as the orders screens name them.
  const { t: tStatus } = useTranslation('activations');
  const { t: tOrders } = useTranslation('admin-orders');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const form = useForm<ExportFields, unknown, ExportChoice>({
    resolver: exportResolver,
    defaultValues: EXPORT_DEFAULTS,
  });
  const { errors } = form.formState;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const error = errors.columns ? t('noColumns') : failed ? t('failed') : null;

  async function download({ filter, columns }: ExportChoice) {
    setBusy(true);
    try {
      const res = await fetch(exportOrdersUrl(filter, lang), { credentials: 'include' });
      if (!res.ok) throw new Error(String(res.status));
      const csv = keepColumns(await res.text(), columns);
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
      link.download = name;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminPage width="4xl">
      <PageHeader
        back={{ to: '/admin/orders', label: t('back') }}
        title={t('title')}
        subtitle={t('subtitle')}
      />
      <form
        onSubmit={(e) => {
          setFailed(false);
          void form.handleSubmit(download)(e);
        }}
        noValidate
        className="mt-6 flex flex-col gap-5"
        data-testid="orders-export-form"
      >
        <Card>
          <CardTitle>{t('filters')}</CardTitle>
          <div className="grid gap-3 sm:grid-cols-3">
            <SearchField
              label={t('search')}
              {...form.register('search')}
              error={errors.search ? t('searchTooLong') : null}
              maxLength={100}
            />
            <SelectField label={t('status')} {...form.register('status')}>
              <option value="">{t('all')}</option>
              {ACTIVATION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {tStatus(`status.${s}`)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('payment')} {...form.register('payment')}>
              <option value="">{t('all')}</option>
              {ORDER_PAYMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {tOrders(`payment.${s}`)}
                </option>
              ))}
            </SelectField>
          </div>
        </Card>
        <Card>
          <CardTitle>{t('columns')}</CardTitle>
          <div className="grid gap-1 sm:grid-cols-3">
            {EXPORT_COLUMNS.map((c) => (
              <CheckboxField key={c} label={t(`column.${c}`)} value={c} {...form.register('columns')} />
            ))}
          </div>
        </Card>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" loading={busy} icon={<Download className="size-4" aria-hidden />}>
            {t('download')}
          </Button>
        </div>
      </form>
    </AdminPage>
  );
}
