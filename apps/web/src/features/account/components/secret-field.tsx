import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';

/** A secret shown in full, selectable, with a copy button; `description` is read out with the field. */
export function SecretField({
  label,
  value,
  description,
  copyLabel,
  copiedLabel,
}: {
  label: string;
  value: string;
  description?: string;
  copyLabel: string;
  copiedLabel: string;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Without clipboard access (an insecure origin), selecting the text lets the user copy it by hand.
      (document.getElementById(id) as HTMLTextAreaElement | null)?.select();
      return;
    }
    setCopied(true);
    toast.success(copiedLabel);
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
        rows={2}
        spellCheck={false}
        aria-describedby={description ? `${id}-description` : undefined}
        data-testid="api-key-secret"
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-sm break-all text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
      {description && (
        <p id={`${id}-description`} className="sr-only">
          {description}
        </p>
      )}
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
