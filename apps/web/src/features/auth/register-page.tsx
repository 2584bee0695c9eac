import { PASSWORD_MIN_LENGTH } from '@numero/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { firstProblem } from '../../lib/keyed-resolver.ts';
import { toast } from '../../lib/toast.ts';
import { useAuthProviders } from './api/get-auth-providers.ts';
import { useRegister } from './api/register.ts';
import { REGISTER_ORDER, registerSchema, specResolver } from './auth-forms.ts';
import { AuthCard, FormAlert } from './components/auth-card.tsx';
import { registerErrorKey, serverDetail } from './error-messages.ts';
import { type RegisterFields, registerBody } from './register-form.ts';

export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const register = useRegister();
  const providers = useAuthProviders();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterFields>({
    resolver: specResolver(registerSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const problem = firstProblem(errors, REGISTER_ORDER);

  const onSubmit = form.handleSubmit((fields) => {
    setError(null);
    register.mutate(registerBody(fields, i18n.language), {
      onSuccess: () => {
        toast.success(t(providers.data?.email_verification ? 'register.checkEmail' : 'register.success'));
        void navigate('/login', { state: { email: fields.email.trim() } });
      },
      onError: (err) => {
        setError(t(registerErrorKey(err)));
        toast.error(serverDetail(err) ?? t('errors.registerToast'));
      },
    });
  });

  const flag = (name: keyof RegisterFields) => (errors[name] ? true : undefined);
  const busy = register.isPending;
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.hasAccount')}{' '}
          <Link to="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {t('register.loginLink')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={problem ? t(problem) : error} />
        <TextField
          label={t('register.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.register('email')}
          aria-invalid={flag('email')}
        />
        <TextField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('register.passwordHint')}
          {...form.register('password')}
          aria-invalid={flag('password')}
        />
        <TextField
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          aria-invalid={flag('confirmPassword')}
        />
        <Button type="submit" size="lg" loading={busy} className="w-full">
          {busy ? t('register.submitting') : t('register.submit')}
        </Button>
        <p className="text-xs text-slate-600">
          {t('register.legal')}{' '}
          <Link to="/terms" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {t('register.terms')}
          </Link>{' '}
          {t('register.legalAnd')}{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {t('register.privacy')}
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
