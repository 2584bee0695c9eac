import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useIssueTemporaryPassword } from '../api/temporary-password.ts';
import { dashboardErrorMessage } from '../error-message.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { TemporaryPassword } from './temporary-password.tsx';

/**
 * For a user who lost their password: after a confirmation, the server makes a temporary one (shown here
 * once), ends the user's sessions, and the user must choose a new one when they sign in with it.
 */
export function ResetPasswordButton({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation('admin-user-detail');
  const issue = useIssueTemporaryPassword();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        icon={<KeyRound className="size-4" aria-hidden />}
        onClick={() => {
          issue.reset();
          setAsking(true);
        }}
      >
        {t('temporary.open')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('temporary.title')}
        question={t('temporary.question', { email })}
        confirmLabel={t('temporary.confirm')}
        busyLabel={t('temporary.busy')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        busy={issue.isPending}
        onConfirm={() =>
          issue.mutate(userId, {
            onSuccess: (r) => {
              setAsking(false);
              setPassword(r.temporary_password);
            },
          })
        }
        onClose={() => setAsking(false)}
      >
        {issue.isError ? dashboardErrorMessage(issue.error, t) : t('temporary.text')}
      </ConfirmDialog>
      <Dialog
        open={password !== null}
        onClose={() => setPassword(null)}
        title={t('temporary.title')}
        closeLabel={t('close')}
      >
        {password !== null && (
          <TemporaryPassword email={email} password={password} onDone={() => setPassword(null)} />
        )}
      </Dialog>
    </>
  );
}
