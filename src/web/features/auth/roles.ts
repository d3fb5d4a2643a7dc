import type { CurrentUser, Role } from '#shared/schemas/auth.ts';

export const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', vendor: 'Vendor', admin: 'Admin' };

/** Where a user goes after signing in when no page asked for them. */
export function homeFor(user: CurrentUser): string {
  if (user.role === 'admin') return '/admin/dashboard';
  if (user.role === 'vendor') return '/vendor/dashboard';
  return '/';
}

/** Only paths inside the store, never another site ("//evil.example" or "https://…"). */
export function safeRedirect(target: string | null, fallback: string): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : fallback;
}
