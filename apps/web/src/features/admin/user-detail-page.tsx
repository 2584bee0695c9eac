import type { AdminUserDetail } from '@numero/contract/admin-user-detail';
import { ArrowLeft, LogOut, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Badge, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { isAdmin } from '../../lib/roles.ts';
import { useSession } from '../../lib/session/session.tsx';
import { useRevokeSessions } from './api/revoke-sessions.ts';
import { useRevokeUserApiKey, useUserDetail } from './api/user-detail.ts';
import { actionLabel } from './audit-labels.ts';
import { describeChangesInWords } from './audit-words.ts';
import { AdjustBalanceDialog } from './components/adjust-balance-dialog.tsx';
import { ResetPasswordButton } from './components/reset-password-button.tsx';
import { dashboardErrorMessage } from './error-message.ts';
import { UserRentals } from './user-rentals.tsx';

/** /admin/users/:id: one customer as support sees them; ADMIN adjusts the balance, ends sessions, revokes keys. */
export function UserDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('admin-user-detail');
  const detail = useUserDetail(id);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to="/admin/users"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('back')}
      </Link>
      {detail.isPending ? (
        <Spinner label={t('loading')} className="min-h-40" />
      ) : detail.isError ? (
        <div className="mt-4">
          <ErrorState
            message={dashboardErrorMessage(detail.error, t)}
            retryLabel={t('retry')}
            onRetry={() => void detail.refetch()}
          />
        </div>
      ) : (
        <Detail detail={detail.data} />
      )}
    </div>
  );
}

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation('admin-user-detail');
  return (
    <section className="mt-8">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {empty ? <p className="text-sm text-slate-600">{t('empty')}</p> : children}
    </section>
  );
}

function Detail({ detail }: { detail: AdminUserDetail }) {
  const { t, i18n } = useTranslation('admin-user-detail');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tWords } = useTranslation('audit-words');
  // Roles and order statuses read as their features name them (texts only: no feature is imported).
  const { t: tRoles } = useTranslation('admin-users');
  const { t: tOrders } = useTranslation('activations');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { user: me } = useSession();
  const canWrite = isAdmin(me);
  const [adjusting, setAdjusting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const endSessions = useRevokeSessions();
  const revokeKey = useRevokeUserApiKey();
  const { user } = detail;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, lang) : '—');
  const money = (cents: number, currency: 'BRL' | 'USD') => formatMoney(cents, currency, lang);

  return (
    <>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-all text-slate-900 sm:text-3xl">
            {user.email}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600">
            {user.profile.full_name ?? '—'}
            <Badge tone="info">{tRoles(`roles.${user.role}`)}</Badge>
            <Badge tone={user.is_active ? 'success' : 'danger'}>
              {user.is_active ? t('active') : t('inactive')}
            </Badge>
          </p>
        </div>
        {canWrite && (
          <div className="flex flex-wrap gap-2">
            <Button icon={<Wallet className="size-4" aria-hidden />} onClick={() => setAdjusting(true)}>
              {t('adjust.open')}
            </Button>
            <Button
              variant="secondary"
              icon={<LogOut className="size-4" aria-hidden />}
              loading={endSessions.isPending}
              disabled={detail.sessions.length === 0}
              onClick={() =>
                endSessions.mutate(user.id, {
                  onSuccess: (r) => setNotice(t('sessionsEnded', { count: r.revoked })),
                })
              }
            >
              {t('endSessions')}
            </Button>
            <ResetPasswordButton userId={user.id} email={user.email} />
          </div>
        )}
      </div>
      {notice && (
        <p
          role="status"
          data-testid="detail-notice"
          className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          {notice}
        </p>
      )}
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {(['BRL', 'USD'] as const).map((c) => (
          <Card key={c} data-testid={`balance-${c}`}>
            <CardTitle>{t('balance', { currency: c })}</CardTitle>
            <p className="text-2xl font-semibold tabular-nums">{money(detail.balances[c], c)}</p>
          </Card>
        ))}
      </div>

      <Section title={t('orders.title')} empty={detail.orders.length === 0}>
        <DataTable
          label={t('orders.title')}
          rows={detail.orders}
          rowKey={(o) => o.id}
          columns={[
            { header: t('orders.when'), cell: (o) => when(o.created_at) },
            {
              header: t('orders.product'),
              card: 'title',
              cell: (o) => `${o.service_code.toUpperCase()} · ${o.country_code}`,
            },
            {
              header: t('orders.status'),
              card: 'badge',
              cell: (o) => tOrders(`status.${o.status}`, { defaultValue: o.status }),
            },
            { header: t('orders.price'), numeric: true, cell: (o) => money(o.price, o.currency) },
          ]}
        />
      </Section>

      <UserRentals userId={user.id} />

      <Section title={t('transactions.title')} empty={detail.transactions.length === 0}>
        <DataTable
          label={t('transactions.title')}
          bodyTestId="transactions"
          rows={detail.transactions}
          rowKey={(x) => `${x.id}-${x.currency}`}
          columns={[
            { header: t('transactions.when'), cell: (x) => when(x.created_at) },
            { header: t('transactions.description'), card: 'title', cell: (x) => x.description },
            {
              header: t('transactions.amount'),
              numeric: true,
              cell: (x) => (
                <span className={x.amount < 0 ? 'text-red-700' : 'text-emerald-700'}>
                  {money(x.amount, x.currency)}
                </span>
              ),
            },
            {
              header: t('transactions.after'),
              numeric: true,
              cell: (x) => money(x.balance_after, x.currency),
            },
          ]}
        />
      </Section>

      <Section title={t('sessions.title')} empty={detail.sessions.length === 0}>
        <ul className="flex flex-col gap-2 text-sm" data-testid="sessions">
          {detail.sessions.map((s) => (
            // A user agent is one long word to a browser: it wraps anywhere rather than push the page sideways.
            <li key={s.id} className="rounded-lg border border-slate-200 p-3 wrap-anywhere">
              {t('sessions.line', {
                ip: s.ip ?? '—',
                seen: when(s.last_seen_at),
                agent: s.user_agent ?? '—',
              })}
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('keys.title')} empty={detail.api_keys.length === 0}>
        <ul className="flex flex-col gap-2 text-sm">
          {detail.api_keys.map((k) => (
            <li
              key={k.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3"
            >
              <span className="min-w-0 wrap-anywhere">
                <strong>{k.name}</strong> · {k.prefix}… · {t('keys.used', { at: when(k.last_used_at) })}
              </span>
              {k.revoked_at ? (
                <Badge tone="danger">{t('keys.revoked')}</Badge>
              ) : (
                canWrite && (
                  <Button
                    size="sm"
                    variant="danger"
                    loading={revokeKey.isPending && revokeKey.variables?.keyId === k.id}
                    onClick={() => revokeKey.mutate({ id: user.id, keyId: k.id })}
                  >
                    {t('keys.revoke', { name: k.name })}
                  </Button>
                )
              )}
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('audit.title')} empty={detail.audit.length === 0}>
        <ul className="flex flex-col gap-2 text-sm" data-testid="user-audit">
          {detail.audit.map((a) => {
            const changes = describeChangesInWords(a, tWords, lang);
            return (
              <li key={a.id} className="rounded-lg border border-slate-200 p-3 wrap-anywhere">
                <span className="font-medium">{actionLabel(a.action, tAdmin)}</span> · {when(a.created_at)} ·{' '}
                {a.user_email ?? '—'}
                {changes.length > 0 && <span className="block text-slate-600">{changes.join('; ')}</span>}
              </li>
            );
          })}
        </ul>
      </Section>

      {canWrite && (
        <AdjustBalanceDialog
          userId={user.id}
          open={adjusting}
          onClose={() => setAdjusting(false)}
          onDone={(message) => {
            setAdjusting(false);
            setNotice(message);
          }}
        />
      )}
    </>
  );
}
