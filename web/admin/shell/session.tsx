import { createContext, useContext } from 'react';
import type { Session } from '../api';

/** The staff member signed in (undefined while it loads, null when signed out), and its setter. */
export type SessionState = {
  session: Session | null | undefined;
  onSession: (session: Session | null) => void;
};

export const SessionContext = createContext<SessionState>({
  session: undefined,
  onSession: () => {},
});

export function useSession(): SessionState {
  return useContext(SessionContext);
}
