import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { firstProblem } from '../../lib/keyed-resolver.ts';
import { useForgotPassword } from './api/password-reset.ts';
import { EMAIL_ORDER, forgotPasswordSchema, specResolver } from './auth-forms.ts';
import { AuthCard, FormAlert } from './components/auth-card.tsx';
import { serverDetail } from './error-messages.ts';

const forgotResolver = specResolver(forgotPasswordSchema);

/** /forgot-password: asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const form = useForm({ resolver: forgotResolver, defaultValues: { email: '' } });
  const { errors } = form.formState;
  const problem = firstProblem(errors, EMAIL_ORDER);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  // The body is the contract's ForgotPasswordRequest; the page names the address as it was typed.
  const onSubmit = form.handleSubmit((body) => {
    setError(null);
    forgot.mutate(body, {
      onSuccess: () => setSentTo(form.getValues('email').trim()),
      onError: (err) => setError(serverDetail(err) ?? t('errors.network')),
    });
  });

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
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <FormAlert message={problem ? t(problem) : error} />
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.register('email')}
          aria-invalid={errors.email ? true : undefined}
        />
        <Button type="submit" size="lg" loading={forgot.isPending} className="w-full">
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
