import type { ActivationStatus } from '@numero/contract/activations';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/feedback.tsx';
import { STATUS_TONE } from '../activation-format.ts';

export function StatusBadge({ status }: { status: ActivationStatus }) {
  const { t } = useTranslation('activations');
  return (
    <span className="shrink-0 whitespace-nowrap" data-testid="activation-status" data-status={status}>
      <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>
    </span>
  );
}
