import type { CurrentUser } from '@numero/contract/account';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api-client.ts';
import { toast } from '../toast.ts';
import { PATHS_WITHOUT_SESSION_CHECK, SESSION_CHECK_INTERVAL_MS } from './constants.ts';
import { getCurrentUser } from './get-current-user.ts';
import { createInactivityWatcher } from './inactivity.ts';
import { type Credentials, postLogin } from './login.ts';
import { postLogout } from './logout.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
}

export interface SessionActions {
  /** Signs in and loads the current user; throws the ApiError for the form to explain. */
  login(credentials: Credentials): Promise<CurrentUser>;
  /** Ends the session on the server, then goes to / and forgets the user and every cached query. */
  logout(options?: { reason?: 'user' | 'inactivity' }): Promise<void>;
  /** Loads the current user again (after an OIDC callback or a profile change); null when signed out. */
  refresh(): Promise<CurrentUser | null>;
}

export type SessionValue = Session & SessionActions;

/** 'unchecked': nobody has asked the server yet (first load on a public page). */
type Phase = 'unchecked' | SessionStatus;

const SessionContext = createContext<SessionValue | null>(null);

export function needsSessionCheck(pathname: string): boolean {
  return !(PATHS_WITHOUT_SESSION_CHECK as readonly string[]).includes(pathname);
}

/**
 * The API marks a page it sent to a browser that holds no session cookie (`<html data-session="none">`):
 * nobody is signed in, so the first check is not made (its 401 would only be an error in the console).
 */
export const sentWithoutSession = () =>
  typeof document !== 'undefined' && document.documentElement?.dataset?.session === 'none';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Holds who is signed in (spec §4). It lives inside the router so it can navigate on logout. The current
 * user is asked for on the first page that needs it — not on /, /auth-callback or /unauthorized — and
 * again every 5 minutes and whenever the tab comes back into view while signed in.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>(() => (sentWithoutSession() ? 'anonymous' : 'unchecked'));
  const [user, setUser] = useState<CurrentUser | null>(null);
  const checkStarted = useRef(false);
  const [signingOut, setSigningOut] = useState(false);

  const signIn = useCallback((next: CurrentUser) => {
    setUser(next);
    setPhase('authenticated');
  }, []);

  const forget = useCallback(() => {
    setUser(null);
    setPhase('anonymous');
    queryClient.clear();
  }, [queryClient]);

  const refresh = useCallback(async () => {
    try {
      const me = await getCurrentUser();
      // Rendering the signed-in page (the first one, a whole screen) as a transition lets React split it
      // into short slices instead of one long task.
      startTransition(() => signIn(me));
      return me;
    } catch (error) {
      if (isUnauthorized(error)) {
        forget();
        return null;
      }
      throw error;
    }
  }, [signIn, forget]);

  // The first check, on the first page that needs one (a visit that starts on / checks when it leaves /).
  const mustCheck = phase === 'unchecked' && needsSessionCheck(location.pathname);
  useEffect(() => {
    if (!mustCheck || checkStarted.current) return;
    checkStarted.current = true;
    setPhase('loading');
    refresh().catch(() => {
      setPhase('anonymous');
      toast.error(t('errors.initFailed'));
    });
  }, [mustCheck, refresh, t]);

  const login = useCallback(
    async (credentials: Credentials) => {
      const { user: signedIn } = await postLogin(credentials);
      // Spec §7: a 200 means success, and the current user is then loaded.
      const me = await getCurrentUser().catch(() => signedIn);
      checkStarted.current = true;
      signIn(me);
      return me;
    },
    [signIn],
  );

  const logout = useCallback(
    async ({ reason = 'user' }: { reason?: 'user' | 'inactivity' } = {}) => {
      try {
        await postLogout();
      } catch (error) {
        // A 401 means the session had already ended: that is what we wanted.
        if (!isUnauthorized(error)) {
          toast.error(t('errors.logoutFailed'));
          // Someone who clicked can try again; an idle screen is still hidden from the next person.
          if (reason === 'user') return;
        }
      }
      if (reason === 'inactivity') toast.info(t('session.inactivityLogout'));
      // Forget the user only once / is on screen, so the guards of the page being left never see a
      // signed-out user and send them to /login instead.
      setSigningOut(true);
      await navigate('/');
    },
    [navigate, t],
  );

  // On / the user is already gone while being forgotten: the landing never shows the signed-in header
  // (whose balance call would answer 401 and send the browser to /login) for a user signing out.
  const leftForHome = signingOut && location.pathname === '/';
  useEffect(() => {
    if (leftForHome) {
      setSigningOut(false);
      forget();
    }
  }, [leftForHome, forget]);

  const authenticated = phase === 'authenticated';

  // Re-check every 5 minutes and when the tab becomes visible; a 401 signs out (refresh forgets the user).
  useEffect(() => {
    if (!authenticated) return;
    const recheck = () => {
      refresh().catch(() => {
        // A network blip or a 5xx says nothing about the session: keep the user and try next time.
      });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') recheck();
    };
    const interval = setInterval(recheck, SESSION_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [authenticated, refresh]);

  // The inactivity logout; the ref keeps the watcher from restarting when `logout` changes identity.
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  useEffect(() => {
    if (!authenticated) return;
    const watcher = createInactivityWatcher({
      onIdle: () => void logoutRef.current({ reason: 'inactivity' }),
    });
    watcher.start();
    return () => watcher.stop();
  }, [authenticated]);

  const status: SessionStatus = leftForHome
    ? 'anonymous'
    : phase === 'unchecked'
      ? mustCheck
        ? 'loading'
        : 'anonymous'
      : phase;
  const shownUser = leftForHome ? null : user;
  const value = useMemo<SessionValue>(
    () => ({ status, user: shownUser, login, logout, refresh }),
    [status, shownUser, login, logout, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const outsideProvider: SessionValue = {
  status: 'anonymous',
  user: null,
  login: () => Promise.reject(new Error('SessionProvider is missing')),
  logout: () => Promise.resolve(),
  refresh: () => Promise.resolve(null),
};

export function useSession(): SessionValue {
  return useContext(SessionContext) ?? outsideProvider;
}
