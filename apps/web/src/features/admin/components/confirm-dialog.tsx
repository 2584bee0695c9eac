import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

/** A question that needs an answer before something happens (instead of window.confirm). */
export function ConfirmDialog({
  open,
  title,
  question,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel,
  closeLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  question: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  closeLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={closeLabel}>
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
          <TriangleAlert className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{question}</p>
          {children && <div className="mt-1 text-sm break-words text-slate-600">{children}</div>}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy} data-testid="confirm-delete">
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
