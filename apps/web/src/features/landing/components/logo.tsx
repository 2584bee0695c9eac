import { cn } from '../../../components/ui/cn.ts';

/** The brand mark: a speech bubble holding a code, on the brand colour. Decorative beside the word "Numero". */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden focusable="false">
      <rect width="32" height="32" rx="9" className="fill-brand-700" />
      <path
        d="M11.5 8h9a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5h-5l-4 3.5V20A2.5 2.5 0 0 1 9 17.5v-7A2.5 2.5 0 0 1 11.5 8z"
        fill="#fff"
      />
      <circle cx="13" cy="14" r="1.3" className="fill-brand-700" />
      <circle cx="16" cy="14" r="1.3" className="fill-brand-700" />
      <circle cx="19" cy="14" r="1.3" className="fill-brand-700" />
    </svg>
  );
}

export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-slate-900">Numero</span>
    </span>
  );
}
