/** The admin user pages' URLs. */
export const adminUserPaths = {
  list: () => '/admin/users',
  detail: (uid: string) => `/admin/users/${encodeURIComponent(uid)}`,
  audit: () => '/admin/audit',
} as const;
