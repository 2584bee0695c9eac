import type { RentalStatus } from '@numero/contract/rentals';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/feedback.tsx';

const TONES = {
  pending: 'info',
  active: 'success',
  finished: 'neutral',
  cancelled: 'warning',
  expired: 'neutral',
  failed: 'danger',
} as const;

export function RentalStatusBadge({ status }: { status: RentalStatus }) {
  const { t } = useTranslation('rentals');
  return <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>;
}
