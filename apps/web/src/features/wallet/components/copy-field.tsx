import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';

/** A long code shown in full, selectable, with a copy button. */
export function CopyField({
  label,
  value,
  copyLabel,
  copiedLabel,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
  testId?: string;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Without clipboard access (an insecure origin), selecting the text lets the customer copy it.
      (document.getElementById(id) as HTMLTextAreaElement | null)?.select();
      return;
    }
    setCopied(true);
    toast.success(copiedLabel);
    setTimeout(() => setCopied(false), 2_000);
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        value={value}
        rows={3}
        data-testid={testId}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-xs break-all text-slate-800 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
      <Button
        variant="secondary"
        className="mt-2 w-full sm:w-auto"
        onClick={() => void copy()}
        icon={copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      >
        {copied ? copiedLabel : copyLabel}
      </Button>
    </div>
  );
}
