import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { HOME_FOR_SIGNED_IN } from '../../lib/session/constants.ts';
import { useSession } from '../../lib/session/session.tsx';
import { postAuthCallback } from './api/auth-callback.ts';
import { AuthCard } from './components/auth-card.tsx';

/** Where the identity provider sends the browser back: trade `code` and `state` for a session. */
export function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const code = params.get('code');
  const state = params.get('state');
  const [failed, setFailed] = useState(false);
  // A code works once: the second effect run of StrictMode must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!code || !state || sent.current) return;
    sent.current = true;
    postAuthCallback({ code, state })
      .then(() => refresh())
      .then((user) => {
        if (!user) throw new Error('no session after callback');
        return navigate(HOME_FOR_SIGNED_IN, { replace: true });
      })
      .catch(() => setFailed(true));
  }, [code, state, refresh, navigate]);

  if (!code || !state) return <Navigate to="/login" replace />;

  if (failed) {
    return (
      <AuthCard title={t('callback.errorTitle')}>
        <div
          className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          role="alert"
        >
          <AlertTriangle className="size-5 shrink-0" aria-hidden />
          <p>{t('errors.callbackFailed')}</p>
        </div>
        <Link to="/login" replace className={`${buttonClasses('primary', 'lg')} mt-6 w-full`}>
          <ArrowLeft className="size-4" aria-hidden />
          {t('callback.backToLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <div className="flex flex-col items-center px-4 py-24 text-center">
      <Spinner label={t('callback.processing')} className="text-base font-medium text-slate-800" />
      <p className="mt-2 text-sm text-slate-600">{t('callback.processingHint')}</p>
    </div>
  );
}
