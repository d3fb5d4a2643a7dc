import RetryQueue from '#web/features/admin-outbox/components/retry-queue.tsx';

export default function AdminRetryQueueRoute() {
  return (
    <>
      <title>Retry queue · Admin</title>
      <RetryQueue />
    </>
  );
}
