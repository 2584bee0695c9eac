import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { useForgotPassword } from './api/password-reset.ts';
import { AuthCard, FormAlert } from './components/auth-card.tsx';
import { serverDetail } from './error-messages.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /forgot-password: asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_SHAPE.test(address)) {
      setError(t(address ? 'validation.invalidEmail' : 'validation.required'));
      return;
    }
    setError(null);
    forgot.mutate(
      { email: address },
      {
        onSuccess: () => setSentTo(address),
        onError: (err) => setError(serverDetail(err) ?? t('errors.network')),
      },
    );
  }

  const backToLogin = (
    <Link to="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
      {t('forgot.backToLogin')}
    </Link>
  );
  if (sentTo)
    return (
      <AuthCard title={t('forgot.sentTitle')} footer={backToLogin}>
        <p role="status" className="text-sm text-slate-700">
          {t('forgot.sentText', { email: sentTo })}
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={backToLogin}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={error} />
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" size="lg" loading={forgot.isPending} className="w-full">
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
