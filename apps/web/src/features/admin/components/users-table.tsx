import type { Role } from '@numero/contract/common';
import { Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { Badge } from '../../../components/ui/feedback.tsx';
import { Table, Td, Th } from '../../../components/ui/table.tsx';
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

function useCells(u: DisplayUser, lang: string) {
  const { t } = useTranslation('admin-users');
  return {
    roles: (
      <span className="flex flex-wrap gap-1">
        {u.roles.map((r) => (
          <Badge key={r} tone={roleTone[r]}>
            {t(`roles.${r}`)}
          </Badge>
        ))}
      </span>
    ),
    status: (
      <Badge tone={u.is_active ? 'success' : 'danger'}>
        {u.is_active ? t('status.active') : t('status.inactive')}
      </Badge>
    ),
    balance: formatMoney(u.wallet_balance_cents, 'BRL', lang),
    lastLogin: u.last_login ? formatDateTime(u.last_login, lang) : t('never'),
    created: formatDate(u.created_at, lang),
  };
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
        <p className="truncate text-slate-600" data-testid="user-email">
          {user.email}
        </p>
        <p className="truncate text-xs text-slate-500">
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
    <div className="hidden lg:block">
      <Table label={t('title')} data-testid="users-table">
        <thead>
          <tr>
            <Th>{t('columns.user')}</Th>
            <Th>{t('columns.roles')}</Th>
            <Th>{t('columns.status')}</Th>
            <Th numeric>{t('columns.balance')}</Th>
            <Th>{t('columns.lastLogin')}</Th>
            <Th>{t('columns.createdAt')}</Th>
            <Th className="text-right">{t('columns.actions')}</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((u) => (
            <UserRow key={u.id} user={u} lang={lang} actions={actions} />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function UserRow({ user, lang, actions }: { user: DisplayUser; lang: string; actions: RowActions }) {
  const cells = useCells(user, lang);
  return (
    <tr data-testid="user-row" data-email={user.email} className={cn(!user.is_active && 'bg-slate-50/60')}>
      <Td className="max-w-72">
        <Identity user={user} isSelf={user.id === actions.selfId} />
      </Td>
      <Td>{cells.roles}</Td>
      <Td data-testid="user-status">{cells.status}</Td>
      <Td numeric data-testid="user-balance">
        {cells.balance}
      </Td>
      <Td className="tabular-nums" data-testid="user-last-login">
        {cells.lastLogin}
      </Td>
      <Td className="tabular-nums">{cells.created}</Td>
      <Td className="py-1">
        <Actions user={user} actions={actions} />
      </Td>
    </tr>
  );
}

/** Below 1024 px the table becomes cards: seven columns do not fit a phone. */
export function UsersCards({
  users,
  lang,
  actions,
}: {
  users: DisplayUser[];
  lang: string;
  actions: RowActions;
}) {
  return (
    <ul className="flex flex-col gap-3 lg:hidden" data-testid="users-cards">
      {users.map((u) => (
        <UserCard key={u.id} user={u} lang={lang} actions={actions} />
      ))}
    </ul>
  );
}

function UserCard({ user, lang, actions }: { user: DisplayUser; lang: string; actions: RowActions }) {
  const { t } = useTranslation('admin-users');
  const cells = useCells(user, lang);
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="user-card"
      data-email={user.email}
    >
      <div className="flex items-start justify-between gap-3">
        <Identity user={user} isSelf={user.id === actions.selfId} />
        {cells.status}
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{t('columns.roles')}</dt>
        <dd className="flex justify-end">{cells.roles}</dd>
        <dt className="text-slate-500">{t('columns.balance')}</dt>
        <dd className="text-right font-semibold tabular-nums">{cells.balance}</dd>
        <dt className="text-slate-500">{t('columns.lastLogin')}</dt>
        <dd className="text-right tabular-nums">{cells.lastLogin}</dd>
        <dt className="text-slate-500">{t('columns.createdAt')}</dt>
        <dd className="text-right tabular-nums">{cells.created}</dd>
      </dl>
      <div className="mt-2 border-t border-slate-100 pt-2">
        <Actions user={user} actions={actions} />
      </div>
    </li>
  );
}
