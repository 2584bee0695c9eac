import { Search } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { cn } from './cn.ts';

const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 h-11 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50 aria-invalid:border-red-500';

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

function Described({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export function TextField({
  label,
  hint,
  error,
  className,
  id,
  ...rest
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={fieldId}
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        {...rest}
      />
      <Described id={fieldId} hint={hint} error={error} />
    </div>
  );
}

/** A search box with the magnifier inside it, on the left; `className` places the whole field. */
export function SearchField({ className, ...rest }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={cn('relative', className)}>
      <TextField type="search" className="[&_input]:pl-9" {...rest} />
      <Search className="pointer-events-none absolute bottom-3.5 left-3 size-4 text-slate-400" aria-hidden />
    </div>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  id,
  children,
  ...rest
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={fieldId} className={cn(control, 'pr-8')} aria-invalid={error ? true : undefined} {...rest}>
        {children}
      </select>
      <Described id={fieldId} hint={hint} error={error} />
    </div>
  );
}

/** A checkbox with its label and an optional description; the label is clickable too. */
export function CheckboxField({
  label,
  description,
  className,
  id,
  ...rest
}: { label: ReactNode; description?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={cn('flex min-h-11 items-start gap-3', className)}>
      <input
        id={fieldId}
        type="checkbox"
        className="size-6 shrink-0 cursor-pointer rounded accent-brand-700 disabled:cursor-not-allowed disabled:opacity-70"
        aria-describedby={description ? `${fieldId}-description` : undefined}
        {...rest}
      />
      <div className="text-sm">
        <label
          htmlFor={fieldId}
          className={cn('font-medium text-slate-900', !rest.disabled && 'cursor-pointer')}
        >
          {label}
        </label>
        {description && (
          <p id={`${fieldId}-description`} className="mt-0.5 text-slate-600">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
