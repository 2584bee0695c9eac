import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { firstProblem } from '../../lib/keyed-resolver.ts';
import { useSession } from '../../lib/session/session.tsx';
import { toast } from '../../lib/toast.ts';
import { useResendVerification } from './api/email-address.ts';
import { OIDC_START_PATH, useAuthProviders } from './api/get-auth-providers.ts';
import { loginSchema, specResolver } from './auth-forms.ts';
import { AuthCard, FormAlert } from './components/auth-card.tsx';
import { emailNotVerified, loginErrorKey, needsSecondFactor, serverDetail } from './error-messages.ts';

interface LoginFields {
  email: string;
  password: string;
  otp: string;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { login } = useSession();
  const location = useLocation();
  const providers = useAuthProviders();
  // After registering, the new user's email is already filled in.
  const email = (location.state as { email?: string } | null)?.email ?? '';
  const [askOtp, setAskOtp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const resend = useResendVerification();
  const form = useForm<LoginFields>({
    resolver: specResolver(loginSchema(askOtp)),
    defaultValues: { email, password: '', otp: '' },
  });
  const { errors, isSubmitting: busy } = form.formState;
  const problem = firstProblem(errors, ['validation.required', 'validation.tooLong']);

  const onSubmit = form.handleSubmit(async ({ email, password, otp }) => {
    setError(null);
    try {
      // On success the visitors-only guard takes the now signed-in user on to /dashboard.
      await login({ email, password, ...(askOtp && otp ? { otp } : {}) });
    } catch (err) {
      if (needsSecondFactor(err) && !askOtp) {
        setAskOtp(true);
        return;
      }
      if (emailNotVerified(err)) {
        setUnverified(true);
        setError(serverDetail(err) ?? t('errors.loginFailed'));
        return;
      }
      setError(t(loginErrorKey(err)));
      toast.error(serverDetail(err) ?? t('errors.loginToast'));
    }
  });

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
        <FormAlert message={problem ? t(problem) : error} />
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.register('email')}
          aria-invalid={errors.email ? true : undefined}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          aria-invalid={errors.password ? true : undefined}
        />
        {askOtp && (
          <TextField
            label={t('login.otp')}
            hint={t('login.otpHint')}
            autoComplete="one-time-code"
            autoFocus
            {...form.register('otp')}
            aria-invalid={errors.otp ? true : undefined}
          />
        )}
        {unverified && (
          <Button
            variant="secondary"
            className="w-full"
            loading={resend.isPending}
            disabled={resend.isSuccess}
            onClick={() =>
              resend.mutate(
                { email: form.getValues('email').trim() },
                {
                  onSuccess: () => toast.success(t('login.resent')),
                  onError: (err) => toast.error(serverDetail(err) ?? t('errors.network')),
                },
              )
            }
          >
            {t('login.resend')}
          </Button>
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
