import { useId, useRef, useState, type FormEvent } from 'react';
import type { VendorProduct } from '#shared/schemas/vendor.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { errorMessage, useReplyToModeration } from '../api/vendor-products.ts';

const MAX = 1000;

/** The seller's answers so far to the hiding of its product, oldest first. */
export function ModerationReplies({ product }: { product: Pick<VendorProduct, 'moderationReplies'> }) {
  if (product.moderationReplies.length === 0) return null;
  return (
    <ol aria-label="Your replies" className="mt-2 space-y-2">
      {product.moderationReplies.map((reply) => (
        <li key={reply.id} className="rounded-lg bg-white/70 px-3 py-2 text-sm text-slate-800">
          <p className="text-xs text-slate-600">
            You replied <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
            {reply.asksReview && ' and asked for a review'}
          </p>
          <p className="mt-0.5 wrap-break-word whitespace-pre-line">{reply.message}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * Answers the hiding of a product: what the seller fixed, and, ticked, a request that the
 * marketplace look at it again. The product stays hidden until an admin restores it; the reply is
 * kept with the product for the admins. After sending, the keyboard lands on the confirmation.
 */
export function ModerationReplyForm({ product, compact = false }: { product: Pick<VendorProduct, 'id' | 'name'>; compact?: boolean }) {
  const ids = useId();
  const reply = useReplyToModeration();
  const [message, setMessage] = useState('');
  const [asksReview, setAsksReview] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = message.trim();
    if (text.length < 5) {
      setProblem('Please write a reply of at least 5 characters');
      fieldRef.current?.focus();
      return;
    }
    setProblem(null);
    reply.mutate(
      { id: product.id, input: { message: text, asksReview } },
      {
        onSuccess: () => {
          setMessage('');
          setSent(asksReview ? 'Reply sent. Our team will review the product and restore it if it is fixed.' : 'Reply sent to our team.');
          requestAnimationFrame(() => sentRef.current?.focus());
        },
        onError: (error) => {
          setProblem(errorMessage(error, 'Your reply was not sent. Please check your internet connection and try again.'));
          fieldRef.current?.focus();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Reply about ${product.name}`} className={compact ? 'mt-2 space-y-2' : 'mt-3 space-y-3'}>
      <div>
        <label htmlFor={`${ids}-message`} className="block text-sm font-medium text-slate-900">
          Your reply to our team
        </label>
        <textarea
          ref={fieldRef}
          id={`${ids}-message`}
          rows={compact ? 2 : 3}
          maxLength={MAX}
          value={message}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-problem` : `${ids}-hint`}
          onChange={(event) => {
            setMessage(event.target.value);
            setSent(null);
          }}
          className="mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-hidden aria-[invalid=true]:border-red-600"
        />
        {problem ? (
          <p id={`${ids}-problem`} className="mt-1 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : (
          <p id={`${ids}-hint`} className="mt-1 text-xs text-slate-600">
            Say what you fixed. Only our team can bring the product back to the store.
          </p>
        )}
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          checked={asksReview}
          onChange={(event) => setAsksReview(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
        />
        I have fixed the listing: please review it again
      </label>
      <button type="submit" disabled={reply.isPending} className={buttonClass('secondary', 'sm')}>
        {reply.isPending ? 'Sending…' : 'Send reply'}
      </button>
      <p ref={sentRef} tabIndex={-1} role="status" className={sent ? 'text-sm font-medium text-emerald-800 focus:outline-none' : 'sr-only'}>
        {sent}
      </p>
    </form>
  );
}
