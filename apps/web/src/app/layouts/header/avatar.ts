import type { NavUser } from '@portico/domain';

export function initials(user: Pick<NavUser, 'firstName' | 'lastName' | 'email'>): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
  return letters || user.email.charAt(0).toUpperCase() || '?';
}
