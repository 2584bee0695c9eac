import { PASSWORD_MIN_LENGTH } from '@numero/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { firstProblem } from '../../lib/keyed-resolver.ts';
import { HOME_FOR_SIGNED_IN } from '../../lib/session/constants.ts';
import { useSession } from '../../lib/session/session.tsx';
import { toast } from '../../lib/toast.ts';
import { useChangePassword } from './api/change-password.ts';
import { changePasswordSchema, NEW_PASSWORD_ORDER, specResolver } from './auth-forms.ts';
import { AuthCard, FormAlert } from './components/auth-card.tsx';
import { serverDetail } from './error-messages.ts';

/**
 * /change-password: where a user signed in with an admin-issued temporary password is held (see
 * PasswordChangeGate) until they choose their own; the API refuses them everything else meanwhile.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const { user, refresh, logout } = useSession();
  const [changed, setChanged] = useState(false);
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ current_password: string; new_password: string; confirmPassword: string }>({
    resolver: specResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const problem = firstProblem(errors, NEW_PASSWORD_ORDER);

  const onSubmit = form.handleSubmit(({ current_password, new_password }) => {
    setError(null);
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: async () => {
          await refresh();
          toast.success(t('change.success'));
          setChanged(true);
        },
        onError: (err) => setError(serverDetail(err) ?? t('errors.network')),
      },
    );
  });

  // Rendered once the refreshed user is in the session, so the gate lets the dashboard through.
  if (changed && user && !user.must_change_password) return <Navigate to={HOME_FOR_SIGNED_IN} replace />;

  const footer = (
    <button
      type="button"
      onClick={() => void logout()}
      className="font-medium text-brand-700 underline-offset-4 hover:underline"
    >
      {t('change.signOut')}
    </button>
  );
  return (
    <AuthCard title={t('change.title')} subtitle={t('change.subtitle')} footer={footer}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="change-password-form">
        <FormAlert message={problem ? t(problem) : error} />
        <TextField
          label={t('change.current')}
          type="password"
          autoComplete="current-password"
          {...form.register('current_password')}
          aria-invalid={errors.current_password ? true : undefined}
        />
        <TextField
          label={t('change.password')}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('register.passwordHint')}
          {...form.register('new_password')}
          aria-invalid={errors.new_password ? true : undefined}
        />
        <TextField
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          aria-invalid={errors.confirmPassword ? true : undefined}
        />
        <Button type="submit" size="lg" loading={change.isPending} className="w-full">
          {t('change.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
