import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { useSession } from '../../lib/session/session.tsx';
import { OIDC_START_PATH, useAuthProviders } from './api/get-auth-providers.ts';
import { AuthCard, FormAlert } from './components/auth-card.tsx';
import { loginErrorKey, needsSecondFactor, serverDetail } from './error-messages.ts';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { login } = useSession();
  const location = useLocation();
  const providers = useAuthProviders();
  // After registering, the new user's email is already filled in.
  const [email, setEmail] = useState(() => (location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password || otp === '') {
      setError(t('validation.required'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      // On success the visitors-only guard takes the now signed-in user on to /dashboard.
      await login({ email, password, ...(otp ? { otp } : {}) });
    } catch (err) {
      setBusy(false);
      if (needsSecondFactor(err) && otp === null) {
        setOtp('');
        return;
      }
      setError(t(loginErrorKey(err)));
      toast.error(serverDetail(err) ?? t('errors.loginToast'));
    }
  }

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to="/register" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {t('login.registerLink')}
          </Link>
        </>
      }
    >
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
          aria-invalid={error !== null && !email.trim() ? true : undefined}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error !== null && !password ? true : undefined}
        />
        {otp !== null && (
          <TextField
            label={t('login.otp')}
            hint={t('login.otpHint')}
            name="otp"
            autoComplete="one-time-code"
            autoFocus
            value={otp}
            onChange={(e) => setOtp(e.target.value)}
            aria-invalid={error !== null && !otp ? true : undefined}
          />
        )}
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/forgot-password"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {t('login.forgot')}
          </Link>
        </p>
        <Button type="submit" size="lg" loading={busy} className="w-full">
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      {providers.data?.oidc && (
        <>
          <div className="my-5 flex items-center gap-3 text-xs tracking-wide text-slate-500 uppercase">
            <span className="h-px flex-1 bg-slate-200" />
            {t('login.or')}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <a href={OIDC_START_PATH} className={`${buttonClasses('secondary', 'lg')} w-full`}>
            <GoogleMark />
            {t('login.oidc')}
          </a>
        </>
      )}
    </AuthCard>
  );
}

function GoogleMark() {
  return (
    <span
      aria-hidden
      className="flex size-5 items-center justify-center rounded-full bg-white text-sm font-bold text-[#4285F4] ring-1 ring-slate-200"
    >
      G
    </span>
  );
}
