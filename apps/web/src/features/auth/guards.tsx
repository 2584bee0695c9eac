import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/feedback.tsx';
import { isAdmin, isStaff } from '../../lib/roles.ts';
import { HOME_FOR_SIGNED_IN } from '../../lib/session/constants.ts';
import { clearNextPath, peekNextPath, safeNextPath, saveNextPath } from '../../lib/session/next-path.ts';
import { useSession } from '../../lib/session/session.tsx';
import { AccessDenied } from './access-denied.tsx';
import { useTwoFactorStatus } from './api/two-factor.ts';

/** Where a visitor was going when sent to /login; the login page sends them back there afterwards. */
export interface LoginRedirectState {
  from?: string;
}

/** Where staff land after signing in with nowhere else to go (issue 35: not the marketing page). */
const STAFF_HOME = '/admin';

function SessionLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('loading')} className="min-h-[60vh]" />;
}

function ToLogin() {
  const location = useLocation();
  const state: LoginRedirectState = { from: location.pathname + location.search };
  // Also kept per tab: a new visitor goes on to /register and back to /login, which loses the state.
  saveNextPath(state.from);
  return <Navigate to="/login" replace state={state} />;
}

/**
 * Signed-in users only; visitors go to /login. While the session is checked, the page at `shellAt` is
 * shown as its shell (nobody known: placeholders, nothing asked for), as the build pre-renders it; other
 * pages show a spinner.
 */
export function RequireAuth({ children, shellAt }: { children: ReactNode; shellAt?: string }) {
  const { status } = useSession();
  const { pathname } = useLocation();
  if (status === 'loading') return pathname === shellAt ? children : <SessionLoading />;
  if (status === 'anonymous') return <ToLogin />;
  return children;
}

/**
 * Where a signed-in user on /login or /register goes: where they were heading (`?next=`, kept for the
 * trip through sign-up, or the page that sent them to sign in), else — just signed in here — staff to
 * /admin and customers home (spec §2: "On success goes to /"), else /dashboard.
 */
export function signedInTarget({
  asked,
  kept,
  from,
  justSignedIn,
  staff,
}: {
  asked: string | null;
  kept: string | null;
  from: string | null | undefined;
  justSignedIn: boolean;
  staff: boolean;
}): string {
  const heading = safeNextPath(asked) ?? kept ?? safeNextPath(from);
  if (heading) return heading;
  if (!justSignedIn) return HOME_FOR_SIGNED_IN;
  return staff ? STAFF_HOME : '/';
}

/** Visitors only (/login, /register). `?next=` (a product picked on the landing) is kept for after sign-in. */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  const sawVisitor = useRef(false);
  // Forgotten once used, after the render that sends the user there.
  useEffect(() => {
    if (status === 'authenticated') clearNextPath();
  }, [status]);
  if (status === 'loading') return <SessionLoading />;
  if (status === 'authenticated') {
    const target = signedInTarget({
      asked: new URLSearchParams(location.search).get('next'),
      kept: peekNextPath(),
      from: (location.state as LoginRedirectState | null)?.from,
      justSignedIn: sawVisitor.current,
      staff: isStaff(user),
    });
    return <Navigate to={target} replace />;
  }
  if (!sawVisitor.current) {
    sawVisitor.current = true;
    saveNextPath(new URLSearchParams(location.search).get('next'));
  }
  return children;
}

/**
 * Staff who must use two-step verification (REQUIRE_STAFF_2FA) and have not turned it on are sent to
 * the profile's two-step card first; the API refuses them every staff route meanwhile anyway.
 */
function StaffTwoFactorGate({ children }: { children: ReactNode }) {
  const status = useTwoFactorStatus();
  if (status.isPending) return <SessionLoading />;
  if (status.data?.required && !status.data.enabled) return <Navigate to="/profile#two-factor" replace />;
  return children;
}

/** ADMIN only: visitors go to /login, other signed-in users to /unauthorized (spec §6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'anonymous') return <ToLogin />;
  if (!isAdmin(user)) return <Navigate to="/unauthorized" replace />;
  return <StaffTwoFactorGate>{children}</StaffTwoFactorGate>;
}

/** ADMIN or MANAGER (the admin dashboard); anyone else signed in sees the 'Acesso Negado' view. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'anonymous') return <ToLogin />;
  if (!isStaff(user)) return <AccessDenied />;
  return <StaffTwoFactorGate>{children}</StaffTwoFactorGate>;
}

/** Where a user holding an admin-issued temporary password is kept until they set their own. */
export const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * Sends a user signed in with a temporary password to /change-password from any page, and keeps them
 * there until the new password is set (the API refuses them every other call meanwhile).
 */
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'authenticated' && user?.must_change_password && location.pathname !== CHANGE_PASSWORD_PATH)
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return children;
}
