import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Announcer, type AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage, isNotFound, useAdminPayment, useRefundPayment } from '../api/admin-payments.ts';
import { useRetryQueuedRefund } from '../api/retry-queued-refund.ts';
import { formatDateTime } from '../utils/format.ts';
import { OrderFacts } from './order-facts.tsx';
import { PaymentAuditHistory } from './payment-audit-history.tsx';
import { PaymentFacts } from './payment-facts.tsx';
import { Section } from './payment-section.tsx';
import { PaymentStatusBadge } from './payment-ui.tsx';
import { QueuedRefunds } from './queued-refunds.tsx';
import { RefundForm } from './refund-form.tsx';
import { RefundsList } from './refunds-list.tsx';

const LIST_PATH = paths.adminPayments();

function BackLink() {
  return (
    <Link
      to={LIST_PATH}
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All payments
    </Link>
  );
}

/**
 * One payment: its details, order, refunds (made, and waiting for the gateway) and audit history,
 * and a refund form while money is left to refund.
 */
export default function AdminPaymentDetail({ id }: { id: number }) {
  const { data, isPending, isError, error, refetch, dataUpdatedAt } = useAdminPayment(id);
  // The mutations live here, not in the form and the queue: the form is remounted with fresh
  // defaults after each refund, the queue goes once its last refund is made, and the mutations'
  // callbacks must still run.
  const refund = useRefundPayment();
  const retry = useRetryQueuedRefund();
  const [announcement, setAnnouncement] = useState<{ message: string; tone: AnnouncerTone }>({ message: '', tone: 'success' });
  const announce = (message: string, tone: AnnouncerTone = 'success') => setAnnouncement({ message, tone });
  const refundsHeadingRef = useRef<HTMLHeadingElement>(null);

  if (isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl">
        <BackLink />
        <Loading label="Loading the payment…" />
      </div>
    );
  }

  if (isError) {
    return (
      <div className="mx-auto w-full max-w-5xl">
        <title>{isNotFound(error) ? 'Payment not found · Admin' : 'Payment · Admin'}</title>
        <BackLink />
        {isNotFound(error) ? (
          <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
            <h1 className="text-2xl font-bold text-slate-900">Payment not found</h1>
            <p className="mt-1 text-slate-600">There is no payment {id}. It may have been mistyped; find it in the list of all payments.</p>
          </div>
        ) : (
          <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
            <p className="font-semibold">We could not load the payment.</p>
            <p className="mt-1 text-sm wrap-break-word">{errorMessage(error, 'Please check your internet connection and try again.')}</p>
            <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        )}
      </div>
    );
  }

  const { payment, order, refunds, queuedRefunds, audit } = data;
  const queuedAmount = queuedRefunds.reduce((sum, item) => sum + item.amount, 0);
  const left = Math.max(0, payment.amount - payment.refundedAmount);
  const refundable = (payment.status === 'captured' || payment.status === 'partially_refunded') && left > 0;

  return (
    <div className="mx-auto w-full max-w-5xl">
      <title>{`Payment ${id} · Admin`}</title>
      <BackLink />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Payment {id}</h1>
        <PaymentStatusBadge status={payment.status} abandoned={payment.abandoned} />
      </div>
      <p className="mt-1 text-slate-600">
        For order <span className="font-semibold text-slate-900">{payment.orderNumber}</span>, {formatDateTime(payment.createdAt)}
      </p>

      <Announcer message={announcement.message} tone={announcement.tone} className="mt-4" />

      <div className="mt-6 grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        <PaymentFacts payment={payment} queuedAmount={queuedAmount} />
        <OrderFacts order={order} payment={payment} />
      </div>

      {queuedRefunds.length > 0 && (
        <QueuedRefunds
          refunds={queuedRefunds}
          fetchedAt={dataUpdatedAt}
          retry={retry}
          onStart={() => announce('')}
          onRetried={({ message, made }) => {
            announce(message, made ? 'success' : 'warning');
            // A made refund leaves the queue (its button with it) for the list below.
            if (made) refundsHeadingRef.current?.focus();
          }}
        />
      )}

      {refundable && (
        <RefundForm
          key={`${payment.refundedAmount}-${payment.status}`}
          detail={data}
          left={left}
          refund={refund}
          onRefunded={announce}
          onStart={() => announce('')}
        />
      )}

      <RefundsList refunds={refunds} queued={queuedRefunds.length > 0} headingRef={refundsHeadingRef} />

      <Section title="Audit history" className="mt-6">
        <PaymentAuditHistory entries={audit} />
      </Section>
    </div>
  );
}
