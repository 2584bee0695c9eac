import type { Currency } from '@numero/contract/common';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { adjustmentKey, parseSignedAmount } from '../adjust-form.ts';
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
  const [currency, setCurrency] = useState<Currency>('BRL');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  // One key per filled-in form: a double click or a retry after a timeout adjusts once.
  const [key, setKey] = useState(adjustmentKey);
  const adjust = useAdjustWallet();

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parseSignedAmount(amount);
    const next = {
      amount: cents === null ? t('adjust.errors.amount') : undefined,
      reason: reason.trim().length < 3 ? t('adjust.errors.reason') : undefined,
    };
    setErrors(next);
    if (cents === null || next.reason) return;
    adjust.mutate(
      { id: userId, body: { currency, amount: cents, reason: reason.trim() }, idempotencyKey: key },
      {
        onSuccess: (result) => {
          onDone(t('adjust.done', { balance: formatMoney(result.balance, result.currency, lang) }));
          setAmount('');
          setReason('');
          setKey(adjustmentKey());
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('adjust.title')} closeLabel={t('close')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <SelectField
          label={t('adjust.currency')}
          value={currency}
          onChange={(e) => setCurrency(e.target.value as Currency)}
        >
          <option value="BRL">BRL (R$)</option>
          <option value="USD">USD (US$)</option>
        </SelectField>
        <TextField
          label={t('adjust.amount')}
          hint={t('adjust.amountHint')}
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setKey(adjustmentKey());
          }}
        />
        <TextField
          label={t('adjust.reason')}
          hint={t('adjust.reasonHint')}
          value={reason}
          maxLength={500}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
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
