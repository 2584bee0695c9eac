import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './ui/button.tsx';
import { cn } from './ui/cn.ts';

// The frame of every staff screen: the same width, way back, heading and filters row, so each page
// writes only what is its own (its filters, its table) and the screens cannot drift apart.

const widths = {
  '3xl': 'max-w-3xl',
  '4xl': 'max-w-4xl',
  '5xl': 'max-w-5xl',
  '6xl': 'max-w-6xl',
  '7xl': 'max-w-7xl',
} as const;

/** The page's column, at the width its content needs (tables want the widest). */
export function AdminPage({ width = '7xl', children }: { width?: keyof typeof widths; children: ReactNode }) {
  return <div className={cn('mx-auto px-4 py-6 sm:px-6 sm:py-10', widths[width])}>{children}</div>;
}

/**
 * The heading of a staff screen: an optional way back above it, a line of what the screen is for, and
 * the screen's actions beside it from the small breakpoint up (under it on a phone).
 */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
  subtitleClassName,
  subtitleTestId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  /** `button`: a ghost button, where the way back is the screen's only action above the fold. */
  back?: { to: string; label: string; look?: 'link' | 'button' };
  actions?: ReactNode;
  subtitleClassName?: string;
  subtitleTestId?: string;
}) {
  return (
    <>
      {back && (
        <Link
          to={back.to}
          className={
            back.look === 'button'
              ? `${buttonClasses('ghost', 'sm')} -ml-3`
              : 'inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline'
          }
        >
          <ArrowLeft className="size-4" aria-hidden />
          {back.label}
        </Link>
      )}
      <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', back && 'mt-2')}>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle && (
            <p className={cn('mt-1 text-slate-600', subtitleClassName)} data-testid={subtitleTestId}>
              {subtitle}
            </p>
          )}
        </div>
        {actions}
      </div>
    </>
  );
}

/**
 * The row of a list's filters, a `search` landmark named for screen readers. `className` lays out the
 * grid's columns, which differ with each list's filters.
 */
export function FiltersBar({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <search aria-label={label} className={cn('mt-6 grid gap-3', className)}>
      {children}
    </search>
  );
}
