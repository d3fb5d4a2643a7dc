import { useEffect, useRef, useState } from 'react';
import { errorMessage, isAlreadyDone, type AdminOutboxJob } from '../api/get-outbox-jobs.ts';
import { useRetryOutboxJob } from '../api/retry-outbox-job.ts';
import { type Announcement, NO_ANNOUNCEMENT, retryAnnouncement } from './queue-state.ts';

/** Where focus goes after a job's "Retry now" button goes away. */
type FocusRequest = { jobId: number };

/**
 * "Retry now" for one job at a time: what its answer means for the live region, why it was not
 * retried, and where focus goes when the job's button (or its row) goes away. `ids` prefixes the
 * rows' ids, as the table gives them.
 */
export function useRetryJob(ids: string) {
  const retry = useRetryOutboxJob();
  const [announcement, setAnnouncement] = useState<Announcement>(NO_ANNOUNCEMENT);
  const [problem, setProblem] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A job that went through loses its button (and, among waiting jobs, its row): focus goes to
  // the job's row, or to the heading when the row is gone.
  useEffect(() => {
    if (!focusRequest) return;
    (document.getElementById(`${ids}-job-${focusRequest.jobId}`) ?? headingRef.current)?.focus();
  }, [focusRequest, ids]);

  const onRetry = (job: AdminOutboxJob) => {
    if (retry.isPending) return;
    setAnnouncement(NO_ANNOUNCEMENT);
    setProblem(null);
    retry.mutate(job.id, {
      onSuccess: (after) => {
        setAnnouncement(retryAnnouncement(job, after));
        if (after.status === 'done') setFocusRequest({ jobId: job.id });
      },
      onError: (retryError) => {
        if (isAlreadyDone(retryError)) {
          setAnnouncement({ tone: 'success', message: `Already done: ${job.summary} had gone through before this retry.` });
          setFocusRequest({ jobId: job.id });
        } else {
          setProblem(`${job.summary} was not retried. ${errorMessage(retryError, 'Please check your internet connection and try again.')}`);
        }
      },
    });
  };

  return { retry, announcement, problem, headingRef, onRetry };
}
