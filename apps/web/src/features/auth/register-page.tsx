import { PASSWORD_MIN_LENGTH } from '@numero/contract/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { useRegister } from './api/register.ts';
import { AuthCard, FormAlert } from './components/auth-card.tsx';
import { registerErrorKey, serverDetail } from './error-messages.ts';
import {
  type RegisterFields,
  type RegisterValidationKey,
  registerBody,
  validateRegister,
} from './register-form.ts';

export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const register = useRegister();
  const [fields, setFields] = useState<RegisterFields>({ email: '', password: '', confirmPassword: '' });
  const [problem, setProblem] = useState<RegisterValidationKey | null>(null);
  const [error, setError] = useState<string | null>(null);

  const set = (name: keyof RegisterFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateRegister(fields);
    setProblem(invalid);
    setError(invalid ? t(invalid) : null);
    if (invalid) return;
    register.mutate(registerBody(fields, i18n.language), {
      onSuccess: () => {
        toast.success(t('register.success'));
        void navigate('/login', { state: { email: fields.email.trim() } });
      },
      onError: (err) => {
        setError(t(registerErrorKey(err)));
        toast.error(serverDetail(err) ?? t('errors.registerToast'));
      },
    });
  }

  const flag = (bad: boolean) => (bad ? true : undefined);
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
        <FormAlert message={error} />
        <TextField
          label={t('register.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={fields.email}
          onChange={set('email')}
          aria-invalid={flag(
            (problem === 'validation.required' && !fields.email.trim()) ||
              problem === 'validation.invalidEmail',
          )}
        />
        <TextField
          label={t('register.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={t('register.passwordHint')}
          value={fields.password}
          onChange={set('password')}
          aria-invalid={flag(
            (problem === 'validation.required' && !fields.password) ||
              problem === 'validation.passwordTooShort',
          )}
        />
        <TextField
          label={t('register.confirmPassword')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={set('confirmPassword')}
          aria-invalid={flag(
            (problem === 'validation.required' && !fields.confirmPassword) ||
              problem === 'validation.passwordMismatch',
          )}
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
