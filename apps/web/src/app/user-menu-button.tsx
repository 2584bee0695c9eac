import type { CurrentUser } from '@numero/contract/account';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../components/ui/cn.ts';
import { displayName } from '../lib/roles.ts';

export function Avatar({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 uppercase',
        className,
      )}
    >
      {displayName(user).charAt(0)}
    </span>
  );
}

/** The button that opens the user menu: the avatar and the name. */
export function UserMenuButton({
  user,
  open,
  className,
  ...rest
}: ComponentProps<'button'> & { user: CurrentUser; open: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={open}
      className={cn(
        'flex h-11 items-center gap-2 rounded-lg pr-2 pl-1.5 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 aria-expanded:bg-slate-100',
        className,
      )}
      {...rest}
    >
      <Avatar user={user} />
      <span className="max-w-[9rem] truncate">{displayName(user)}</span>
      <span className="sr-only">{t('nav.userMenu')}</span>
      <ChevronDown
        className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')}
        aria-hidden
      />
    </button>
  );
}
