import { PASSWORD_MIN_LENGTH } from '@numero/contract/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { useResetPassword } from './api/password-reset.ts';
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password || !confirm) return setError(t('validation.required'));
    if (password.length < PASSWORD_MIN_LENGTH) return setError(t('validation.passwordTooShort'));
    if (password !== confirm) return setError(t('validation.passwordMismatch'));
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
  }

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
        <FormAlert message={error} />
        <TextField
          label={t('reset.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('register.passwordHint')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={t('register.confirmPassword')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" size="lg" loading={reset.isPending} className="w-full">
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
