import type { ReactNode } from 'react';

/** Placeholders until the accounts feature enforces them (spec §2 and §6). */
export function RequireAuth({ children }: { children: ReactNode }) {
  return children;
}
export function VisitorOnly({ children }: { children: ReactNode }) {
  return children;
}
export function RequireAdmin({ children }: { children: ReactNode }) {
  return children;
}
export function RequireStaff({ children }: { children: ReactNode }) {
  return children;
}
