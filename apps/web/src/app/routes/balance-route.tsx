import { useTranslation } from 'react-i18next';
import { BalancePage } from '../../features/wallet/balance-page.tsx';
import { PendingPurchaseCard } from './pending-purchase-card.tsx';

/** /dashboard/balance, with the purchase that waits for this top-up (if any) above the balances. */
export function BalanceRoute() {
  const { i18n } = useTranslation();
  return <BalancePage aside={<PendingPurchaseCard language={i18n.language} />} />;
}
