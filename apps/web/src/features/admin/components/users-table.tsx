import type { Role } from '@numero/contract/common';
import { Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Badge } from '../../../components/ui/feedback.tsx';
import { formatDateTime, formatMoney, localeFor } from '../../../i18n/format.ts';
import { type DisplayUser, initialOf } from '../user-mapping.ts';

export interface RowActions {
  selfId: string | null;
  /** The user whose row has an action on its way; its buttons wait. */
  busyId: string | null;
  onEdit(user: DisplayUser): void;
  onToggle(user: DisplayUser): void;
  onDelete(user: DisplayUser): void;
}

const roleTone: Record<Role, 'neutral' | 'success' | 'warning' | 'info'> = {
  CUSTOMER: 'neutral',
  USER: 'neutral',
  PREMIUM: 'success',
  MANAGER: 'info',
  ADMIN: 'warning',
};

function formatDate(value: string, lang: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? ''
    : new Intl.DateTimeFormat(localeFor(lang), { dateStyle: 'short' }).format(d);
}

function Avatar({ name, active }: { name: string; active: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
        active ? 'bg-brand-100 text-brand-800' : 'bg-slate-200 text-slate-600',
      )}
    >
      {initialOf(name)}
    </span>
  );
}

function Identity({ user, isSelf }: { user: DisplayUser; isSelf: boolean }) {
  const { t } = useTranslation('admin-users');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} active={user.is_active} />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900" data-testid="user-name">
          <Link to={`/admin/users/${user.id}`} className="hover:underline">
            {user.name}
          </Link>
          {isSelf && <span className="ml-1 font-normal text-slate-500">({t('you')})</span>}
        </p>
        <p className="truncate font-normal text-slate-600" data-testid="user-email">
          {user.email}
        </p>
        <p className="truncate text-xs font-normal text-slate-500">
          {user.phone ?? t('noPhone')} · {t('country', { country: user.country })}
        </p>
      </div>
    </div>
  );
}

function ActionButton({
  label,
  onClick,
  disabled,
  tone = 'default',
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  children: ReactNode;
  testId: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-lg transition-colors disabled:cursor-not-allowed disabled:opacity-40',
        tone === 'danger'
          ? 'text-red-700 hover:bg-red-50 disabled:hover:bg-transparent'
          : 'text-slate-700 hover:bg-slate-100 disabled:hover:bg-transparent',
      )}
    >
      {children}
    </button>
  );
}

function Actions({ user, actions }: { user: DisplayUser; actions: RowActions }) {
  const { t } = useTranslation('admin-users');
  const isSelf = user.id === actions.selfId;
  const busy = actions.busyId === user.id;
  // An admin can neither deactivate nor delete their own account (the server refuses it too).
  const selfHint = isSelf ? t('actions.selfHint') : undefined;
  return (
    <div className="flex items-center justify-end gap-1" title={selfHint}>
      <ActionButton
        label={t('actions.edit', { name: user.name })}
        onClick={() => actions.onEdit(user)}
        testId="user-edit"
        disabled={busy}
      >
        <Pencil className="size-4" aria-hidden />
      </ActionButton>
      <ActionButton
        label={
          user.is_active
            ? t('actions.deactivate', { name: user.name })
            : t('actions.activate', { name: user.name })
        }
        onClick={() => actions.onToggle(user)}
        disabled={busy || isSelf}
        testId="user-toggle"
      >
        {user.is_active ? (
          <PowerOff className="size-4" aria-hidden />
        ) : (
          <Power className="size-4" aria-hidden />
        )}
      </ActionButton>
      <ActionButton
        label={t('actions.delete', { name: user.name })}
        onClick={() => actions.onDelete(user)}
        disabled={busy || isSelf || !user.is_active}
        tone="danger"
        testId="user-delete"
      >
        <Trash2 className="size-4" aria-hidden />
      </ActionButton>
    </div>
  );
}

/** Seven columns: a table from 1024 px, one card per user below. */
export function UsersTable({
  users,
  lang,
  actions,
}: {
  users: DisplayUser[];
  lang: string;
  actions: RowActions;
}) {
  const { t } = useTranslation('admin-users');
  return (
    <DataTable
      label={t('title')}
      testId="users-table"
      wideFrom="lg"
      rows={users}
      rowKey={(u) => u.id}
      rowProps={(u) => ({
        'data-testid': 'user-row',
        'data-email': u.email,
        className: cn(!u.is_active && 'bg-slate-50/60'),
      })}
      columns={[
        {
          header: t('columns.user'),
          card: 'title',
          className: 'max-w-72',
          cell: (u) => <Identity user={u} isSelf={u.id === actions.selfId} />,
        },
        {
          header: t('columns.roles'),
          cell: (u) => (
            <span className="flex flex-wrap justify-end gap-1 lg:justify-start">
              {u.roles.map((r) => (
                <Badge key={r} tone={roleTone[r]}>
                  {t(`roles.${r}`)}
                </Badge>
              ))}
            </span>
          ),
        },
        {
          header: t('columns.status'),
          card: 'badge',
          cellProps: () => ({ 'data-testid': 'user-status' }),
          cell: (u) => (
            <Badge tone={u.is_active ? 'success' : 'danger'}>
              {u.is_active ? t('status.active') : t('status.inactive')}
            </Badge>
          ),
        },
        {
          header: t('columns.balance'),
          numeric: true,
          cellProps: () => ({ 'data-testid': 'user-balance' }),
          cell: (u) => formatMoney(u.wallet_balance_cents, 'BRL', lang),
        },
        {
          header: t('columns.lastLogin'),
          className: 'tabular-nums',
          cellProps: () => ({ 'data-testid': 'user-last-login' }),
          cell: (u) => (u.last_login ? formatDateTime(u.last_login, lang) : t('never')),
        },
        {
          header: t('columns.createdAt'),
          className: 'tabular-nums',
          cell: (u) => formatDate(u.created_at, lang),
        },
        {
          header: t('columns.actions'),
          card: 'actions',
          className: 'py-1',
          cell: (u) => <Actions user={u} actions={actions} />,
        },
      ]}
    />
  );
}
