import type { CurrentUser } from '@numero/contract/users';
import { createContext, type ReactNode, useContext } from 'react';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
}

const SessionContext = createContext<Session>({ status: 'anonymous', user: null });

/** Placeholder until the accounts feature loads the current user from the API. */
export function SessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider value={{ status: 'anonymous', user: null }}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
