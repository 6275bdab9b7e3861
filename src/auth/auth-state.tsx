import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { authSnapshot, subscribeToUser } from './auth-session';

/** What the router context and components know about the session. */
export interface AuthState {
  user: User | null;
}

const AuthContext = createContext<AuthState | null>(null);

/** Provides the current user; render it only after `authStateReady()` so the first state is known. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const value = useSyncExternalStore(subscribeToUser, authSnapshot);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
