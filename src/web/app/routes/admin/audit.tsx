import AuditLog from '#web/features/admin-users/components/audit-log.tsx';

export default function AdminAuditRoute() {
  return (
    <>
      <title>Audit log · Admin</title>
      <AuditLog />
    </>
  );
}
