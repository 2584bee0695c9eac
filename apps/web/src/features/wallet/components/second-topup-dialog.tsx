import type { PaymentIntent } from '@numero/contract/wallet';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatCountdown } from '../countdown.ts';
import { usePendingLabel } from './pending-topups.tsx';
import { useCountdown } from './use-payment-watch.ts';

/**
 * Asked before a second top-up while one is still open: paying both is rarely meant (the bank app was
 * open on the first code), so the customer chooses, and the open one is a press away.
 */
export function SecondTopupDialog({
  waiting,
  measuredAt,
  onKeep,
  onCreate,
  onClose,
}: {
  waiting: PaymentIntent;
  measuredAt: number;
  onKeep: () => void;
  onCreate: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  const label = usePendingLabel();
  const left = useCountdown(waiting.remaining_seconds, measuredAt);
  return (
    <Dialog open onClose={onClose} title={t('pending.ask.title')} closeLabel={t('common:close')}>
      <p className="text-sm text-slate-700">
        {t('pending.ask.text', { what: label(waiting), time: formatCountdown(left ?? 0) })}
      </p>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCreate}>
          {t('pending.ask.create')}
        </Button>
        <Button onClick={onKeep}>{t('pending.ask.continue')}</Button>
      </div>
    </Dialog>
  );
}
