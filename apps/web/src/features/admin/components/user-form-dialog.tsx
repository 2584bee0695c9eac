import type { AdminUserCreated } from '@numero/contract/admin';
import { CircleAlert, LogOut } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CheckboxField, TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreateAdminUser } from '../api/create-admin-user.ts';
import { useRevokeSessions } from '../api/revoke-sessions.ts';
import { useUpdateAdminUser } from '../api/update-admin-user.ts';
import { useUpdateUserRole } from '../api/update-user-role.ts';
import { type ActionFallback, actionErrorMessage } from '../error-messages.ts';
import {
  emptyUserForm,
  FORM_ROLES,
  toCreatePayload,
  toUpdatePayload,
  type UserFormValues,
  userFormFrom,
  userFormResolver,
} from '../user-form.ts';
import type { DisplayUser } from '../user-mapping.ts';
import { TemporaryPassword } from './temporary-password.tsx';

/** Which step failed, so the message falls back to the right spec §8 text. */
class StepError extends Error {
  constructor(
    readonly fallback: ActionFallback,
    readonly original: unknown,
  ) {
    super(fallback);
  }
}

async function step<T>(fallback: ActionFallback, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StepError(fallback, error);
  }
}

/**
 * 'Novo Usuário' and 'Editar usuário' (spec §2, §5): name and email required, phone optional, country
 * free text, one role, active. Editing changes THAT user (PATCH /users/{id}, then the role if it changed).
 * Creating sends no password: the server makes one and the dialog shows it once.
 */
export function UserFormDialog({
  open,
  user,
  isSelf,
  onClose,
}: {
  open: boolean;
  /** Absent: a new user. */
  user: DisplayUser | null;
  isSelf: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-users');
  // The first refused field gets the focus (react-hook-form's shouldFocusError), so a keyboard user lands on it.
  const form = useForm<UserFormValues, unknown, UserFormValues>({
    resolver: userFormResolver,
    defaultValues: user ? userFormFrom(user) : emptyUserForm(),
  });
  const { errors } = form.formState;
  const chosenRole = form.watch('role');
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<AdminUserCreated | null>(null);
  const [saving, setSaving] = useState(false);
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const setRole = useUpdateUserRole();
  const revoke = useRevokeSessions();
  const roleGroup = useId();
  const formErrorId = useId();

  const message = (key: string | undefined) => (key ? t(key) : null);

  async function save(values: UserFormValues) {
    setSaving(true);
    try {
      if (!user) {
        const result = await step('errors.action.create', () => create.mutateAsync(toCreatePayload(values)));
        toast.success(t('toasts.created'));
        if (result.temporary_password) setCreated(result);
        else onClose();
        return;
      }
      const body = toUpdatePayload(values, user);
      if (Object.keys(body).length > 0)
        await step('errors.action.update', () => update.mutateAsync({ id: user.id, body }));
      if (values.role !== user.roles[0])
        await step('errors.action.roles', () => setRole.mutateAsync({ id: user.id, role: values.role }));
      toast.success(t('toasts.updated'));
      onClose();
    } catch (error) {
      setFormError(
        error instanceof StepError
          ? actionErrorMessage(error.original, error.fallback, t)
          : actionErrorMessage(error, 'errors.action.save', t),
      );
    } finally {
      setSaving(false);
    }
  }

  async function endSessions() {
    if (!user) return;
    try {
      const { revoked } = await revoke.mutateAsync(user.id);
      toast.success(t('toasts.revoked', { count: revoked }));
    } catch (error) {
      toast.error(actionErrorMessage(error, 'errors.action.generic', t));
    }
  }

  const title = created ? t('created.title') : user ? t('form.editTitle') : t('form.createTitle');

  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t('common:close')}>
      {created ? (
        <TemporaryPassword email={created.email} password={created.temporary_password!} onDone={onClose} />
      ) : (
        <form
          onSubmit={(e) => {
            setFormError(null);
            void form.handleSubmit(save)(e);
          }}
          noValidate
          data-testid="user-form"
        >
          <div className="flex flex-col gap-4">
            <TextField
              label={t('form.name')}
              {...form.register('name')}
              error={message(errors.name?.message)}
              required
              autoComplete="off"
              maxLength={120}
            />
            <TextField
              label={t('form.email')}
              type="email"
              {...form.register('email')}
              error={message(errors.email?.message)}
              required
              autoComplete="off"
              maxLength={254}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('form.phone')}
                type="tel"
                {...form.register('phone')}
                error={message(errors.phone?.message)}
                hint={t('form.phoneHint')}
                autoComplete="off"
                maxLength={32}
              />
              <TextField
                label={t('form.country')}
                {...form.register('country')}
                error={message(errors.country?.message)}
                hint={t('form.countryHint')}
                autoComplete="off"
                maxLength={56}
              />
            </div>

            <fieldset disabled={isSelf} aria-describedby={isSelf ? `${roleGroup}-self` : undefined}>
              <legend className="mb-2 text-sm font-medium text-slate-700">{t('form.role')}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {FORM_ROLES.map((role) => (
                  <label
                    key={role}
                    className={cn(
                      'flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm',
                      chosenRole === role
                        ? 'border-brand-600 bg-brand-50 text-brand-900'
                        : 'border-slate-300 text-slate-800',
                      isSelf ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:border-brand-400',
                    )}
                  >
                    <input
                      type="radio"
                      value={role}
                      {...form.register('role')}
                      className="size-4 shrink-0 accent-brand-700"
                    />
                    {t(`roles.${role}`)}
                  </label>
                ))}
              </div>
            </fieldset>

            <CheckboxField
              label={t('form.active')}
              description={isSelf ? t('form.selfRoleHint') : t('form.activeHint')}
              disabled={isSelf}
              {...form.register('active')}
            />
            {isSelf && (
              <p id={`${roleGroup}-self`} className="sr-only">
                {t('form.selfRoleHint')}
              </p>
            )}

            {formError && (
              <p
                id={formErrorId}
                role="alert"
                className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
                data-testid="user-form-error"
              >
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {formError}
              </p>
            )}
          </div>

          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            {user && !isSelf ? (
              <Button
                variant="ghost"
                onClick={() => void endSessions()}
                loading={revoke.isPending}
                icon={<LogOut className="size-4" aria-hidden />}
                title={t('form.revokeHint')}
              >
                {t('form.revoke')}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="secondary" onClick={onClose} disabled={saving}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={saving} data-testid="user-form-submit">
                {saving ? t('form.saving') : user ? t('form.save') : t('form.create')}
              </Button>
            </div>
          </div>
        </form>
      )}
    </Dialog>
  );
}
