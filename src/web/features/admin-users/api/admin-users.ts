import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  AdminUserDetailSchema,
  AdminUserListSchema,
  AdminUserSchema,
  AuditListSchema,
  type ADMIN_USER_SORTS,
  type AdminUser,
  type AuditQuerySchema,
  type CreateAdminInputSchema,
  type UserRoleInputSchema,
  type UserStatusInputSchema,
  type VendorDecisionInputSchema,
} from '#shared/schemas/admin.ts';
import type { Role } from '#shared/schemas/auth.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

export type AdminUserList = z.infer<typeof AdminUserListSchema>;
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
export type AuditList = z.infer<typeof AuditListSchema>;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export type AccountStatus = AdminUser['status'];
export type ShopStatus = NonNullable<AdminUser['vendor']>['status'];
export type AuditEntityType = NonNullable<z.input<typeof AuditQuerySchema>['entityType']>;

export type VendorDecisionInput = z.input<typeof VendorDecisionInputSchema>;
export type UserStatusInput = z.input<typeof UserStatusInputSchema>;
export type UserRoleInput = z.input<typeof UserRoleInputSchema>;
export type CreateAdminInput = z.output<typeof CreateAdminInputSchema>;

/** What the user list asks for; undefined values are left out of the URL. */
export interface AdminUserListParams {
  q?: string;
  role?: Role;
  status?: AccountStatus;
  /** Only vendors whose shop awaits approval. */
  pendingVendors?: boolean;
  sort?: AdminUserSort;
  page?: number;
  pageSize?: number;
}

export interface AuditLogParams {
  entityType?: AuditEntityType;
  entityId?: string;
  /** words of the acting admin's e-mail */
  actor?: string;
  page?: number;
  pageSize?: number;
}

export const adminUserKeys = {
  all: ['admin-users'] as const,
  lists: () => ['admin-users', 'list'] as const,
  list: (params: AdminUserListParams) => ['admin-users', 'list', params] as const,
  details: () => ['admin-users', 'detail'] as const,
  detail: (uid: string) => ['admin-users', 'detail', uid] as const,
  audits: () => ['admin-users', 'audit'] as const,
  audit: (params: AuditLogParams) => ['admin-users', 'audit', params] as const,
};

/** The dashboard's figures (owned by the admin feature) change with every decision made here. */
const ADMIN_SUMMARY_KEY = ['admin', 'summary'] as const;

const userPath = (uid: string) => `/admin/users/${encodeURIComponent(uid)}`;

// ---------------------------------------------------------------------------------------------
// Plain calls

export function fetchAdminUsers(params: AdminUserListParams, signal?: AbortSignal): Promise<AdminUserList> {
  return apiRequest('/admin/users', {
    query: {
      q: params.q,
      role: params.role,
      status: params.status,
      pendingVendors: params.pendingVendors ? 'true' : undefined,
      sort: params.sort,
      page: params.page,
      pageSize: params.pageSize,
    },
    schema: AdminUserListSchema,
    signal,
  });
}

export function fetchAdminUser(uid: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return apiRequest(userPath(uid), { schema: AdminUserDetailSchema, signal });
}

export function fetchAuditLog(params: AuditLogParams, signal?: AbortSignal): Promise<AuditList> {
  return apiRequest('/admin/audit', {
    query: { entityType: params.entityType, entityId: params.entityId, actor: params.actor, page: params.page, pageSize: params.pageSize },
    schema: AuditListSchema,
    signal,
  });
}

export type VendorDecisionVariables = { uid: string } & VendorDecisionInput;

/** Approve or reject a vendor's shop; a rejection's reason is e-mailed to the vendor. */
export function decideVendor({ uid, ...body }: VendorDecisionVariables): Promise<AdminUser> {
  return apiRequest(`${userPath(uid)}/vendor-decision`, { method: 'POST', body, schema: AdminUserSchema });
}

export type UserStatusVariables = { uid: string } & UserStatusInput;

/** Suspend or reactivate an account; 409 for yourself or the last active admin. */
export function setUserStatus({ uid, ...body }: UserStatusVariables): Promise<AdminUser> {
  return apiRequest(`${userPath(uid)}/status`, { method: 'POST', body, schema: AdminUserSchema });
}

export type UserRoleVariables = { uid: string } & UserRoleInput;

/** Change an account's role; 409 for yourself or the last admin. */
export function setUserRole({ uid, ...body }: UserRoleVariables): Promise<AdminUser> {
  return apiRequest(`${userPath(uid)}/role`, { method: 'POST', body, schema: AdminUserSchema });
}

/** 201 with the new admin; 409 when the e-mail address is already registered. */
export function createAdmin(input: CreateAdminInput): Promise<AdminUser> {
  return apiRequest('/admin/admins', { method: 'POST', body: input, schema: AdminUserSchema });
}

// ---------------------------------------------------------------------------------------------
// Queries

export function adminUsersQuery(params: AdminUserListParams) {
  return queryOptions({
    queryKey: adminUserKeys.list(params),
    queryFn: ({ signal }) => fetchAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: AdminUserListParams) {
  return useQuery(adminUsersQuery(params));
}

export function adminUserQuery(uid: string) {
  return queryOptions({
    queryKey: adminUserKeys.detail(uid),
    queryFn: ({ signal }) => fetchAdminUser(uid, signal),
  });
}

export function useAdminUser(uid: string) {
  return useQuery(adminUserQuery(uid));
}

export function auditLogQuery(params: AuditLogParams) {
  return queryOptions({
    queryKey: adminUserKeys.audit(params),
    queryFn: ({ signal }) => fetchAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(params: AuditLogParams) {
  return useQuery(auditLogQuery(params));
}

// ---------------------------------------------------------------------------------------------
// Mutations: each shows the answered user at once, then refetches the lists and the user's page
// (the mutation stays pending until they are back, so "done" is announced over fresh data).

function useAfterChange() {
  const queryClient = useQueryClient();
  return async (user: AdminUser) => {
    queryClient.setQueriesData<AdminUserList>({ queryKey: adminUserKeys.lists() }, (list) =>
      list ? { ...list, items: list.items.map((item) => (item.uid === user.uid ? user : item)) } : list,
    );
    queryClient.setQueryData<AdminUserDetail>(adminUserKeys.detail(user.uid), (detail) => (detail ? { ...detail, user } : detail));
    void queryClient.invalidateQueries({ queryKey: adminUserKeys.audits() });
    void queryClient.invalidateQueries({ queryKey: ADMIN_SUMMARY_KEY });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: adminUserKeys.detail(user.uid) }),
    ]);
  };
}

export function useVendorDecision() {
  const after = useAfterChange();
  return useMutation({ mutationKey: ['admin-users', 'vendor-decision'], mutationFn: decideVendor, onSuccess: after });
}

export function useSetUserStatus() {
  const after = useAfterChange();
  return useMutation({ mutationKey: ['admin-users', 'status'], mutationFn: setUserStatus, onSuccess: after });
}

export function useSetUserRole() {
  const after = useAfterChange();
  return useMutation({ mutationKey: ['admin-users', 'role'], mutationFn: setUserRole, onSuccess: after });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin-users', 'create-admin'],
    mutationFn: createAdmin,
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: adminUserKeys.audits() });
      void queryClient.invalidateQueries({ queryKey: ADMIN_SUMMARY_KEY });
      await queryClient.invalidateQueries({ queryKey: adminUserKeys.lists() });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Errors

/** The server's message for an API error, or the fallback: one function for the whole store. */
export { errorMessage } from '#web/lib/api-client.ts';

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
