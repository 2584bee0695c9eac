import { TwoFactorCode, type TwoFactorSetup } from '@numero/contract/auth';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { Badge, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { keyedResolver } from '../../lib/keyed-resolver.ts';
import { toast } from '../../lib/toast.ts';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from './api/two-factor.ts';
import { FormAlert } from './components/auth-card.tsx';
import { serverDetail } from './error-messages.ts';

/** The recovery codes, shown once right after two-step verification is turned on. */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t('twoFactor.recoveryIntro')}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        {/* One code a line: pasted into a password manager or a note, each reads on its own. */}
        <CopyButton
          value={codes.join('\n')}
          label={t('twoFactor.recoveryCopy')}
          copiedLabel={t('twoFactor.recoveryCopied')}
          failedText={t('twoFactor.recoveryCopyFailed')}
          testId="copy-recovery-codes"
        />
        <Button onClick={onDone}>{t('twoFactor.recoverySaved')}</Button>
      </div>
    </div>
  );
}

/** The contract's TwoFactorCode checks the code as the server does (6 to 64 characters, trimmed). */
const codeResolver = keyedResolver<{ code: string }, TwoFactorCode>(TwoFactorCode, {
  code: 'twoFactor.codeRequired',
});

function CodeForm({
  label,
  submit,
  busy,
  onSubmit,
}: {
  label: string;
  submit: string;
  busy: boolean;
  onSubmit: (code: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('auth');
  const form = useForm({ resolver: codeResolver, defaultValues: { code: '' } });
  const invalid = form.formState.errors.code?.message;
  const [error, setError] = useState<string | null>(null);
  const send = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await onSubmit(code);
    } catch (err) {
      setError(serverDetail(err) ?? t('errors.network'));
    }
  });
  return (
    <form onSubmit={(e) => void send(e)} noValidate className="space-y-3">
      <FormAlert message={invalid ? t(invalid) : error} />
      <TextField
        label={label}
        autoComplete="one-time-code"
        {...form.register('code')}
        aria-invalid={invalid ? true : undefined}
      />
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
    </form>
  );
}

/** The profile's card for two-step verification with an authenticator app (TOTP). */
export function TwoFactorCard() {
  const { t } = useTranslation('auth');
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  let body: ReactNode;
  if (codes) {
    body = <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />;
  } else if (status.isPending) {
    body = <Skeleton className="h-11 w-full" />;
  } else if (status.isError) {
    body = <ErrorState message={t('twoFactor.error')} />;
  } else if (status.data.enabled) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          {t('twoFactor.codesLeft', { count: status.data.recovery_codes_left })}
        </p>
        {status.data.required ? (
          <p className="text-sm text-slate-600">{t('twoFactor.requiredKeep')}</p>
        ) : (
          <CodeForm
            label={t('twoFactor.disableLabel')}
            submit={t('twoFactor.disable')}
            busy={disable.isPending}
            onSubmit={async (code) => {
              await disable.mutateAsync(code);
              toast.success(t('twoFactor.disabled'));
            }}
          />
        )}
      </div>
    );
  } else if (setup) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{t('twoFactor.scan')}</p>
        <img
          src={setup.qr_code}
          alt={t('twoFactor.qrAlt')}
          className="size-44 rounded border border-slate-200"
        />
        <p>
          <a href={setup.otpauth_url} className="text-sm font-medium text-brand-700 underline">
            {t('twoFactor.openApp')}
          </a>
        </p>
        <p className="text-sm text-slate-700">
          {t('twoFactor.secret')}{' '}
          <code
            className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all"
            data-testid="totp-secret"
          >
            {setup.secret}
          </code>
        </p>
        <CodeForm
          label={t('twoFactor.codeLabel')}
          submit={t('twoFactor.confirm')}
          busy={enable.isPending}
          onSubmit={async (code) => {
            const answer = await enable.mutateAsync(code);
            setSetup(null);
            setCodes(answer.recovery_codes);
            toast.success(t('twoFactor.enabled'));
          }}
        />
      </div>
    );
  } else {
    body = (
      <div className="space-y-3">
        {status.data.required && (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('twoFactor.requiredEnrol')}
          </p>
        )}
        <p className="text-sm text-slate-700">{t('twoFactor.intro')}</p>
        <Button
          loading={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: setSetup,
              onError: (err) => toast.error(serverDetail(err) ?? t('twoFactor.error')),
            })
          }
        >
          {t('twoFactor.start')}
        </Button>
      </div>
    );
  }

  return (
    <Card id="two-factor" data-testid="two-factor-card">
      <CardTitle
        action={
          status.data && (
            <Badge tone={status.data.enabled ? 'success' : 'neutral'}>
              {status.data.enabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          )
        }
      >
        <span className="inline-flex items-center gap-2">
          <ShieldCheck className="size-5 text-brand-700" aria-hidden />
          {t('twoFactor.title')}
        </span>
      </CardTitle>
      {body}
    </Card>
  );
}
