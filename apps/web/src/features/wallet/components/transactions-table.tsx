import type { Currency } from '@numero/contract/common';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Badge, EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { pageCount } from '../../../components/ui/pagination.tsx';
import { formatDateTime, formatMoney } from '../../../i18n/format.ts';
import { useTransactions } from '../api/get-transactions.ts';

const PAGE_SIZE = 10;
const TONES = {
  topup: 'success',
  refund: 'info',
  purchase: 'neutral',
  capture: 'neutral',
  adjustment: 'warning',
} as const;

/** The wallet's movements across currencies, newest first, paged on the server. */
export function TransactionsTable() {
  const { t, i18n } = useTranslation('wallet');
  const [currency, setCurrency] = useState<Currency | null>(null);
  const [page, setPage] = useState(0);
  const history = useTransactions({ currency, skip: page * PAGE_SIZE, limit: PAGE_SIZE });
  const total = history.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);

  return (
    <Card>
      <CardTitle
        action={
          <SelectField
            label={t('history.filter')}
            className="w-36 shrink-0"
            value={currency ?? ''}
            onChange={(e) => {
              setCurrency((e.target.value || null) as Currency | null);
              setPage(0);
            }}
          >
            <option value="">{t('history.all')}</option>
            <option value="BRL">BRL</option>
            <option value="USD">USD</option>
          </SelectField>
        }
      >
        {t('history.title')}
      </CardTitle>
      {history.isError ? (
        <ErrorState
          message={t('history.error')}
          retryLabel={t('history.retry')}
          onRetry={() => void history.refetch()}
        />
      ) : history.isPending ? (
        <div className="flex flex-col gap-2" role="status">
          <span className="sr-only">{t('history.loading')}</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : total === 0 ? (
        <EmptyState title={t('history.empty')}>
          <p>{t('history.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <DataTable
            label={t('history.title')}
            testId="transactions"
            flush
            rows={history.data.items}
            rowKey={(item) => item.id}
            columns={[
              {
                header: t('history.date'),
                className: 'text-slate-600',
                cell: (item) => formatDateTime(item.created_at, i18n.language),
              },
              {
                header: t('history.description'),
                card: 'title',
                cell: (item, form) => (
                  <span
                    className={cn('flex gap-2', form === 'card' ? 'flex-col items-start' : 'items-center')}
                  >
                    <Badge tone={TONES[item.kind]}>{t(`history.kinds.${item.kind}`)}</Badge>
                    <span className="font-normal whitespace-normal text-slate-800">{item.description}</span>
                  </span>
                ),
              },
              {
                header: t('history.amount'),
                numeric: true,
                card: 'badge',
                cell: (item) => (
                  <span
                    className={cn('font-semibold', item.amount > 0 ? 'text-emerald-700' : 'text-slate-900')}
                  >
                    {item.amount > 0 ? '+' : '−'}
                    {formatMoney(Math.abs(item.amount), item.currency, i18n.language)}
                  </span>
                ),
              },
              {
                header: t('history.balanceAfter'),
                numeric: true,
                cell: (item) => formatMoney(item.balance_after, item.currency, i18n.language),
              },
            ]}
          />
          {pages > 1 && (
            <nav className="mt-4 flex items-center justify-between gap-2" aria-label={t('history.title')}>
              <Button
                variant="secondary"
                disabled={page === 0}
                onClick={() => setPage((p) => p - 1)}
                icon={<ChevronLeft className="size-4" aria-hidden />}
              >
                {t('history.previous')}
              </Button>
              <span className="text-sm text-slate-600">{t('history.page', { page: page + 1, pages })}</span>
              <Button variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
                {t('history.next')}
                <ChevronRight className="size-4" aria-hidden />
              </Button>
            </nav>
          )}
        </>
      )}
    </Card>
  );
}
