import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { useVerifyEmail } from './api/email-address.ts';
import { AuthCard, FormAlert } from './components/auth-card.tsx';
import { serverDetail } from './error-messages.ts';
import { tokenFromHash } from './reset-password-page.tsx';

/**
 * /verify-email#token=…: the page an e-mailed confirmation link opens. The user confirms with a click, so
 * a mail scanner that fetches links confirms nothing and the link is used exactly once.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const verify = useVerifyEmail();
  const [token] = useState(() => tokenFromHash(location.hash));
  const toLogin = (
    <Link to="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
      {t('unauthorized.login')}
    </Link>
  );

  if (!token)
    return (
      <AuthCard title={t('verifyEmail.title')} footer={toLogin}>
        <FormAlert message={t('verifyEmail.noToken')} />
      </AuthCard>
    );
  if (verify.isSuccess)
    return (
      <AuthCard title={t('verifyEmail.title')}>
        <p role="status" className="flex items-start gap-2 text-sm text-emerald-800">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('verifyEmail.done')}
        </p>
        <Link to="/login" className={`${buttonClasses('primary', 'lg')} mt-4 w-full`}>
          {t('unauthorized.login')}
        </Link>
      </AuthCard>
    );
  return (
    <AuthCard title={t('verifyEmail.title')} footer={toLogin}>
      <div className="space-y-4">
        <FormAlert message={verify.isError ? (serverDetail(verify.error) ?? t('errors.network')) : null} />
        <Button
          size="lg"
          className="w-full"
          loading={verify.isPending}
          onClick={() => verify.mutate({ token })}
        >
          {t('verifyEmail.submit')}
        </Button>
      </div>
    </AuthCard>
  );
}
