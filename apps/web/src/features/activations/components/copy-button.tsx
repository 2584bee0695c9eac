import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';

/** Copies `value` and says so for a moment; the label names what is copied for screen readers. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation('activations');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(t('page.copyFailed'));
    }
  }

  return (
    <Button
      variant="secondary"
      onClick={() => void copy()}
      icon={
        copied ? (
          <Check className="size-4 text-emerald-600" aria-hidden />
        ) : (
          <Copy className="size-4" aria-hidden />
        )
      }
      aria-label={copied ? t('page.copied') : label}
      data-testid={testId}
    >
      <span aria-hidden>{copied ? t('page.copied') : label}</span>
    </Button>
  );
}
