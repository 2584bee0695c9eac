import { PASSWORD_MIN_LENGTH } from '@numero/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { firstProblem } from '../../lib/keyed-resolver.ts';
import { toast } from '../../lib/toast.ts';
import { useResetPassword } from './api/password-reset.ts';
import { NEW_PASSWORD_ORDER, resetPasswordSchema, specResolver } from './auth-forms.ts';
import { AuthCard, FormAlert } from './components/auth-card.tsx';
import { serverDetail } from './error-messages.ts';

/** The token travels in the link's fragment (#token=…), which browsers never send to a server. */
export function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/** /reset-password#token=…: the page the e-mailed link opens, to choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [token] = useState(() => tokenFromHash(location.hash));
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ password: string; confirmPassword: string }>({
    resolver: specResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const problem = firstProblem(form.formState.errors, NEW_PASSWORD_ORDER);

  const onSubmit = form.handleSubmit(({ password }) => {
    setError(null);
    reset.mutate(
      { token: token ?? '', password },
      {
        onSuccess: () => {
          toast.success(t('reset.success'));
          void navigate('/login', { replace: true });
        },
        onError: (err) => setError(serverDetail(err) ?? t('errors.network')),
      },
    );
  });

  const footer = (
    <Link to="/forgot-password" className="font-medium text-brand-700 underline-offset-4 hover:underline">
      {t('reset.newLink')}
    </Link>
  );
  if (!token)
    return (
      <AuthCard title={t('reset.title')} footer={footer}>
        <FormAlert message={t('reset.noToken')} />
      </AuthCard>
    );
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} footer={footer}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={problem ? t(problem) : error} />
        <TextField
          label={t('reset.password')}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('register.passwordHint')}
          {...form.register('password')}
          aria-invalid={form.formState.errors.password ? true : undefined}
        />
        <TextField
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          aria-invalid={form.formState.errors.confirmPassword ? true : undefined}
        />
        <Button type="submit" size="lg" loading={reset.isPending} className="w-full">
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
