import type { CurrentUser } from '@numero/contract/account';
import { Crown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { useTakeFocus } from '../components/ui/focus-carry.ts';
import { displayName, isStaff } from '../lib/roles.ts';
import { useSession } from '../lib/session/session.tsx';
import { UserMenuButton } from './user-menu-button.tsx';

/** The signed-in user's menu, loaded apart from the page (see app-header.tsx). */
export default function UserMenu({
  user,
  open,
  onOpenChange,
  carry,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  carry: RefObject<boolean>;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useTakeFocus(carry, button);
  const { t } = useTranslation();
  const { logout } = useSession();

  const name = displayName(user);
  return (
    <Menu open={open} onOpenChange={onOpenChange}>
      <MenuTrigger asChild ref={button}>
        <UserMenuButton user={user} open={open} />
      </MenuTrigger>
      <MenuContent align="end" aria-label={t('nav.userMenu')}>
        <MenuLabel className="border-b border-slate-100 px-3 pt-2 pb-3">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs font-normal text-slate-500">{user.email}</p>
        </MenuLabel>
        <div className="py-1.5">
          <MenuItem asChild>
            <Link to="/profile">
              <UserRound className="size-4" aria-hidden />
              {t('nav.profile')}
            </Link>
          </MenuItem>
          <MenuItem asChild>
            <Link to="/dashboard">
              <LayoutDashboard className="size-4" aria-hidden />
              {t('nav.dashboard')}
            </Link>
          </MenuItem>
          {isStaff(user) && (
            <MenuItem asChild>
              <Link to="/admin">
                <Crown className="size-4 text-amber-500" aria-hidden />
                {t('nav.adminPanel')}
              </Link>
            </MenuItem>
          )}
        </div>
        <MenuSeparator className="mt-0" />
        <MenuItem
          onSelect={() => void logout()}
          className="text-red-700 data-highlighted:bg-red-50 data-highlighted:text-red-800"
        >
          <LogOut className="size-4" aria-hidden />
          {t('nav.logout')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
