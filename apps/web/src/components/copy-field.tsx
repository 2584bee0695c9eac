import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';

/**
 * Copies `value` and says so for two seconds (the timer ends with the component). Without clipboard
 * access (an insecure origin, a refused permission) it selects the element `fallbackId` so the text can
 * be copied by hand, or says `failedText`.
 */
export function CopyButton({
  value,
  label,
  copiedLabel,
  announce = true,
  fallbackId,
  failedText,
  className,
  testId,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  /** Also confirm with a toast (off where the button's own text is enough). */
  announce?: boolean;
  fallbackId?: string;
  failedText?: string;
  className?: string;
  testId?: string;
}) {
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
      const target = fallbackId ? document.getElementById(fallbackId) : null;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.select();
      else if (failedText) toast.error(failedText);
      return;
    }
    setCopied(true);
    if (announce) toast.success(copiedLabel);
  }

  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() => void copy()}
      data-testid={testId}
      icon={
        copied ? (
          <Check className="size-4 text-emerald-700" aria-hidden />
        ) : (
          <Copy className="size-4" aria-hidden />
        )
      }
    >
      {copied ? copiedLabel : label}
    </Button>
  );
}

/** A long text (a PIX code, a key) shown in full, selectable, with a copy button under it. */
export function CopyField({
  label,
  value,
  copyLabel,
  copiedLabel,
  description,
  rows = 3,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
  /** Read out with the field by screen readers. */
  description?: string;
  rows?: number;
  testId?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        value={value}
        rows={rows}
        spellCheck={false}
        aria-describedby={description ? `${id}-description` : undefined}
        data-testid={testId}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-sm break-all text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
      {description && (
        <p id={`${id}-description`} className="sr-only">
          {description}
        </p>
      )}
      <CopyButton
        value={value}
        label={copyLabel}
        copiedLabel={copiedLabel}
        fallbackId={id}
        className="mt-2 w-full sm:w-auto"
      />
    </div>
  );
}
