import type { UserStatus } from '@numero/contract/admin';
import type { Role } from '@numero/contract/common';
import { UserPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage, FiltersBar, PageHeader } from '../../components/admin-list-page.tsx';
import { useSearchBox } from '../../components/list-parts.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { SearchField, SelectField } from '../../components/ui/field.tsx';
import { pageCount, paginationLabels } from '../../components/ui/pagination.tsx';
import { normaliseLanguage } from '../../i18n/index.ts';
import { useSession } from '../../lib/session/session.tsx';
import { toast } from '../../lib/toast.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useAdminUserStats } from './api/get-admin-user-stats.ts';
import { USERS_PAGE_SIZE, useAdminUsers } from './api/get-admin-users.ts';
import { useUpdateAdminUser } from './api/update-admin-user.ts';
import { ConfirmDialog } from './components/confirm-dialog.tsx';
import { UserFormDialog } from './components/user-form-dialog.tsx';
import { type RowActions, UsersTable } from './components/users-table.tsx';
import { actionErrorMessage, loadErrorMessage } from './error-messages.ts';
import { type DisplayUser, toDisplayUser } from './user-mapping.ts';

/** The spec's role filter (all, USER, PREMIUM, ADMIN) plus the store's other roles. */
const ROLE_FILTERS: readonly Role[] = ['USER', 'PREMIUM', 'ADMIN', 'CUSTOMER', 'MANAGER'];
const STATUS_FILTERS: readonly UserStatus[] = ['active', 'inactive'];

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * /admin/users (spec §2 "Users screen"): search, filters and pages come from the server, so they work
 * over every user, not only the page at hand. Filters live in the address, so back and reload keep them.
 */
export function AdminUsersPage() {
  const { t, i18n } = useTranslation('admin-users');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { user: me } = useSession();
  const { params, page, update, goToPage } = useListParams({ replace: true });
  const search = params.get('q') ?? '';
  const role = pick(params.get('role'), ROLE_FILTERS);
  const status = pick(params.get('status'), STATUS_FILTERS);

  const searchBox = useSearchBox(search, (text) => update({ q: text || null }));

  const list = useAdminUsers({
    search: search || undefined,
    role,
    status,
    skip: (page - 1) * USERS_PAGE_SIZE,
    limit: USERS_PAGE_SIZE,
  });
  const stats = useAdminUserStats();
  const users = useMemo(() => (list.data?.items ?? []).map(toDisplayUser), [list.data]);
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, USERS_PAGE_SIZE);
  const filtered = Boolean(search || role || status);

  // A page past the end (the last user of a page deactivated and filtered out) goes back to the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the total changes, not on each render
  useEffect(() => {
    if (list.data && page > pages) goToPage(pages);
  }, [list.data, page, pages]);

  const [dialog, setDialog] = useState<{ key: number; user: DisplayUser | null; open: boolean }>({
    key: 0,
    user: null,
    open: false,
  });
  const openForm = (user: DisplayUser | null) => setDialog((d) => ({ key: d.key + 1, user, open: true }));
  const closeForm = () => setDialog((d) => ({ ...d, open: false }));

  const [toDelete, setToDelete] = useState<DisplayUser | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const patch = useUpdateAdminUser();

  async function toggle(user: DisplayUser) {
    setBusyId(user.id);
    try {
      await patch.mutateAsync({ id: user.id, body: { is_active: !user.is_active } });
      toast.success(user.is_active ? t('toasts.deactivated') : t('toasts.activated'));
    } catch (error) {
      toast.error(actionErrorMessage(error, 'errors.action.status', t));
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDelete() {
    const user = toDelete;
    if (!user) return;
    setBusyId(user.id);
    try {
      // "Delete" only deactivates (spec §4): the account, its wallet and history stay.
      await patch.mutateAsync({ id: user.id, body: { is_active: false } });
      toast.success(t('toasts.deleted'));
      setToDelete(null);
    } catch (error) {
      toast.error(actionErrorMessage(error, 'errors.action.deactivate', t));
    } finally {
      setBusyId(null);
    }
  }

  const actions: RowActions = {
    selfId: me?.id ?? null,
    busyId,
    onEdit: (u) => openForm(u),
    onToggle: (u) => void toggle(u),
    onDelete: (u) => setToDelete(u),
  };

  return (
    <AdminPage>
      <PageHeader
        back={{ to: '/admin', label: t('back') }}
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            onClick={() => openForm(null)}
            icon={<UserPlus className="size-4" aria-hidden />}
            data-testid="new-user"
          >
            {t('new')}
          </Button>
        }
      />

      <FiltersBar label={t('filters.label')} className="grid-cols-2 sm:grid-cols-[1fr_12rem_12rem]">
        <SearchField
          className="col-span-2 sm:col-span-1"
          label={t('filters.search')}
          value={searchBox.text}
          placeholder={t('filters.searchPlaceholder')}
          onChange={(e) => searchBox.onChange(e.target.value)}
          maxLength={100}
          data-testid="users-search"
        />
        <SelectField
          label={t('filters.role')}
          value={role ?? ''}
          onChange={(e) => update({ role: e.target.value || null, page: null })}
          data-testid="users-role-filter"
        >
          <option value="">{t('filters.all')}</option>
          {ROLE_FILTERS.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('filters.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value || null, page: null })}
          data-testid="users-status-filter"
        >
          <option value="">{t('filters.all')}</option>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`filters.${s}`)}
            </option>
          ))}
        </SelectField>
      </FiltersBar>

      <PagedList
        query={list}
        skeleton={<UsersSkeleton label={t('loading')} />}
        errorMessage={(error) => loadErrorMessage(error, t)}
        retryLabel={t('retry')}
        empty={{
          title: t('empty.title'),
          body: (
            <>
              <p>{filtered ? t('empty.text') : t('empty.none')}</p>
              {filtered && (
                <Button
                  variant="secondary"
                  className="mt-4"
                  onClick={() => {
                    searchBox.onChange('');
                    update({ q: null, role: null, status: null, page: null });
                  }}
                >
                  {t('filters.clear')}
                </Button>
              )}
            </>
          ),
        }}
        page={page}
        pages={pages}
        onPageChange={goToPage}
        totalTestId="users-total"
        labels={(count) => paginationLabels(t, { total: count, page, pages })}
      >
        {() => <UsersTable users={users} lang={lang} actions={actions} />}
      </PagedList>

      <section aria-label={t('footer.label')} className="mt-8" data-testid="users-footer">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(['total', 'active', 'inactive', 'administrators'] as const).map((k) => (
            <div key={k} className="rounded-xl border border-slate-200 bg-white p-4">
              <dt className="text-sm text-slate-600">{t(`footer.${k}`)}</dt>
              <dd
                className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums"
                data-testid={`users-footer-${k}`}
              >
                {stats.data ? stats.data[k] : <Skeleton className="h-8 w-12" />}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <UserFormDialog
        key={dialog.key}
        open={dialog.open}
        user={dialog.user}
        isSelf={dialog.user !== null && dialog.user.id === me?.id}
        onClose={closeForm}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('confirm.title')}
        question={t('confirm.text')}
        confirmLabel={t('confirm.confirm')}
        busyLabel={t('confirm.confirming')}
        cancelLabel={t('confirm.cancel')}
        closeLabel={t('common:close')}
        busy={toDelete !== null && busyId === toDelete.id}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {toDelete && t('confirm.detail', { email: toDelete.email })}
      </ConfirmDialog>
    </AdminPage>
  );
}

function UsersSkeleton({ label }: { label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="flex flex-col gap-3" aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56" />
            </div>
            <Skeleton className="h-6 w-20 rounded-full" />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
      </div>
    </div>
  );
}
