import type { CurrentUser } from '@numero/contract/account';
import type { Role } from '@numero/contract/common';

/** The server sends one role, and the list the spec's client holds; either one counts. */
export function hasRole(user: CurrentUser | null | undefined, ...roles: Role[]): boolean {
  if (!user) return false;
  return roles.includes(user.role) || (user.roles ?? []).some((r) => roles.includes(r));
}

export const isAdmin = (user: CurrentUser | null | undefined) => hasRole(user, 'ADMIN');
export const isStaff = (user: CurrentUser | null | undefined) => hasRole(user, 'ADMIN', 'MANAGER');

/** What the header and greetings call the user: the full name, else the part of the email before the @. */
export function displayName(user: CurrentUser): string {
  return user.profile?.full_name?.trim() || user.email.split('@')[0] || user.email;
}
