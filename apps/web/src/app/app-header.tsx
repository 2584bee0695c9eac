import type { CurrentUser } from '@numero/contract/account';
import {
  Crown,
  History,
  KeyRound,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Menu as MenuIcon,
  ShoppingBag,
  UserRound,
  Wallet,
  X,
} from 'lucide-react';
import {
  type ComponentProps,
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguageSwitcher } from '../components/language-switcher.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { cn } from '../components/ui/cn.ts';
import { Skeleton } from '../components/ui/feedback.tsx';
import { useFocusCarry, useGiveFocus } from '../components/ui/focus-carry.ts';
import { inPortalledPopup } from '../components/ui/popup.ts';
import { Wordmark } from '../features/landing/components/logo.tsx';
import { BalanceDisplay } from '../features/wallet/components/balance-display.tsx';
import { displayName, isStaff } from '../lib/roles.ts';
import { useSession } from '../lib/session/session.tsx';
import { Avatar, UserMenuButton } from './user-menu-button.tsx';

const UserMenuPopup = lazy(() => import('./user-menu.tsx'));

/**
 * Tailwind's `xl`: from here the navigation, language and user menu sit in the bar itself. Below it, a
 * staff member's six links and the balance do not fit the bar in Portuguese: the drawer holds them.
 */
const DESKTOP_QUERY = '(min-width: 80rem)';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

function useNavItems(user: CurrentUser | null): NavItem[] {
  const { t } = useTranslation();
  const items: NavItem[] = [
    { to: '/dashboard', label: t('nav.dashboard'), icon: LayoutDashboard, end: true },
    { to: '/dashboard/products', label: t('nav.products'), icon: ShoppingBag },
    { to: '/dashboard/orders', label: t('nav.orders'), icon: History },
    { to: '/dashboard/rentals', label: t('nav.rentals'), icon: KeyRound },
    { to: '/dashboard/balance', label: t('nav.balance'), icon: Wallet },
  ];
  // MANAGER opens the admin dashboard too (spec §6), so staff of either role get the link.
  if (isStaff(user)) items.push({ to: '/admin', label: t('nav.admin'), icon: Crown });
  return items;
}

/** Closes a popup on Escape (focus back to its button) and on a press outside `root`. */
function useDismiss(open: boolean, close: (refocus: boolean) => void, root: RefObject<HTMLElement | null>) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeRef.current(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node) && !inPortalledPopup(event.target))
        closeRef.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, root]);
}

/** The drawer's sign-out button. */
function LogoutButton({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await logout();
        } finally {
          setBusy(false);
          onDone?.();
        }
      }}
      className="flex h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-base font-medium text-red-700 transition-colors hover:bg-red-50 hover:text-red-800 disabled:cursor-wait disabled:opacity-60"
    >
      <LogOut className="size-5" aria-hidden />
      {t('nav.logout')}
    </button>
  );
}

function UserMenuStandIn({
  carry,
  ...rest
}: ComponentProps<typeof UserMenuButton> & { carry: RefObject<boolean> }) {
  const button = useRef<HTMLButtonElement>(null);
  useGiveFocus(carry, button);
  return <UserMenuButton ref={button} {...rest} />;
}

/** The user menu (Radix UI) loads right after first paint; until then its button is shown as it is. */
function UserMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const carry = useFocusCarry();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Suspense
      fallback={<UserMenuStandIn user={user} open={open} carry={carry} onClick={() => setOpen(true)} />}
    >
      <UserMenuPopup user={user} open={open} onOpenChange={setOpen} carry={carry} />
    </Suspense>
  );
}

function DesktopNav({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')} className="hidden xl:block">
      <ul className="flex items-center gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
                  isActive
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {item.icon === Crown && <Crown className="size-4 text-amber-500" aria-hidden />}
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MobileMenu({
  id,
  open,
  items,
  user,
  onClose,
}: {
  id: string;
  open: boolean;
  items: NavItem[];
  user: CurrentUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex h-12 items-center gap-3 rounded-lg px-3 text-base font-medium transition-colors',
      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100',
    );
  return (
    <div
      id={id}
      hidden={!open}
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg shadow-slate-900/5 xl:hidden"
    >
      {/* Rendered only while open, so the balance and links are not in the page twice. */}
      {open && (
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 pt-3 pb-5 sm:px-6">
          <div className="flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-3">
            <Avatar user={user} className="size-10 text-base" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          </div>
          <BalanceDisplay className="sm:hidden" />
          <nav aria-label={t('nav.main')}>
            <ul className="flex flex-col">
              {items.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink to={to} end={end} className={linkClass} onClick={onClose}>
                    <Icon
                      className={cn('size-5', Icon === Crown ? 'text-amber-500' : 'text-slate-500')}
                      aria-hidden
                    />
                    {label}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to="/profile" className={linkClass} onClick={onClose}>
                  <UserRound className="size-5 text-slate-500" aria-hidden />
                  {t('nav.profile')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-3">
            <LanguageSwitcher align="start" />
            <LogoutButton onDone={onClose} />
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The signed-in header (spec §2): navigation, balance, language and the user menu; a menu below `lg`.
 * As a `shell` (the pre-rendered dashboard, before anyone is known) the user menu is a placeholder.
 */
export function AppHeader({ shell = false }: { shell?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const items = useNavItems(user);
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setMenuOpen(false), [pathname]);
  useDismiss(
    menuOpen,
    (refocus) => {
      setMenuOpen(false);
      if (refocus) menuButtonRef.current?.focus();
    },
    headerRef,
  );
  useEffect(() => {
    if (!menuOpen) return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const closeOnDesktop = () => desktop.matches && setMenuOpen(false);
    desktop.addEventListener('change', closeOnDesktop);
    return () => desktop.removeEventListener('change', closeOnDesktop);
  }, [menuOpen]);

  if (!user && !shell) return null;
  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur-md"
    >
      <SkipLink label={t('skipToContent')} />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 xl:gap-6">
        <Link
          to="/dashboard"
          aria-label={t('nav.home')}
          className="-mx-1 flex h-11 shrink-0 items-center rounded-lg px-1"
        >
          <Wordmark />
        </Link>
        <DesktopNav items={items} />
        <div className="ml-auto flex items-center gap-2">
          <BalanceDisplay className="hidden sm:flex" shell={!user} />
          <div className="hidden items-center gap-1 xl:flex">
            <LanguageSwitcher />
            {user ? <UserMenu user={user} /> : <Skeleton className="size-10 rounded-full" />}
          </div>
          <button
            ref={menuButtonRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={user ? menuId : undefined}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
            className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 xl:hidden"
          >
            {menuOpen ? <X className="size-6" aria-hidden /> : <MenuIcon className="size-6" aria-hidden />}
          </button>
        </div>
      </div>
      {user && (
        <MobileMenu
          id={menuId}
          open={menuOpen}
          items={items}
          user={user}
          onClose={() => setMenuOpen(false)}
        />
      )}
    </header>
  );
}
