import type { WalletAdjustmentBody } from '@numero/contract/wallet';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { type AdjustFields, adjustmentKey, adjustResolver } from '../adjust-form.ts';
import { useAdjustWallet } from '../api/user-detail.ts';
import { dashboardErrorMessage } from '../error-message.ts';

/** Credits (+) or debits (−) a customer's wallet with a mandatory reason; the API refuses going below zero. */
export function AdjustBalanceDialog({
  userId,
  open,
  onClose,
  onDone,
}: {
  userId: string;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-user-detail');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const form = useForm<AdjustFields, unknown, WalletAdjustmentBody>({
    resolver: adjustResolver,
    defaultValues: { currency: 'BRL', amount: '', reason: '' },
  });
  const { errors } = form.formState;
  // One key per filled-in form: a double click or a retry after a timeout adjusts once.
  const [key, setKey] = useState(adjustmentKey);
  const adjust = useAdjustWallet();

  const submit = form.handleSubmit((body) =>
    adjust.mutate(
      { id: userId, body, idempotencyKey: key },
      {
        onSuccess: (result) => {
          onDone(t('adjust.done', { balance: formatMoney(result.balance, result.currency, lang) }));
          form.resetField('amount');
          form.resetField('reason');
          setKey(adjustmentKey());
        },
      },
    ),
  );

  return (
    <Dialog open={open} onClose={onClose} title={t('adjust.title')} closeLabel={t('close')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <SelectField label={t('adjust.currency')} {...form.register('currency')}>
          <option value="BRL">BRL (R$)</option>
          <option value="USD">USD (US$)</option>
        </SelectField>
        <TextField
          label={t('adjust.amount')}
          hint={t('adjust.amountHint')}
          inputMode="decimal"
          error={errors.amount?.message ? t(errors.amount.message) : null}
          {...form.register('amount', { onChange: () => setKey(adjustmentKey()) })}
        />
        <TextField
          label={t('adjust.reason')}
          hint={t('adjust.reasonHint')}
          maxLength={500}
          error={errors.reason?.message ? t(errors.reason.message) : null}
          {...form.register('reason')}
        />
        {adjust.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {dashboardErrorMessage(adjust.error, t)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={adjust.isPending}>
            {adjust.isPending ? t('adjust.saving') : t('adjust.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
