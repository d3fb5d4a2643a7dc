import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { type MyReview } from '#shared/schemas/reviews.ts';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useResendVerification } from '#web/lib/resend-verification.ts';
import { ReviewForm } from './review-form.tsx';
import { Stars } from './stars.tsx';

/** Write a review (a buyer who received it), edit one's own, or why one cannot. */
export function MyReviewPanel({
  productId,
  signedIn,
  loginPath,
  mine,
  onSaved,
}: {
  productId: number;
  signedIn: boolean;
  loginPath: string;
  mine: MyReview | undefined;
  onSaved: (text: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const box = 'mb-6 rounded-xl border border-slate-200 bg-white p-4';
  if (!signedIn) {
    return (
      <div className={box}>
        <p className="text-sm text-slate-700">Bought this product? Share what you think of it.</p>
        <Link to={loginPath} className={`${buttonClass('secondary')} mt-3`}>
          Sign in to write a review
        </Link>
      </div>
    );
  }
  if (!mine) return null;
  const own = mine.review;
  const close = (saved: boolean) => {
    setEditing(false);
    if (saved) onSaved(own ? 'Your review was updated.' : 'Thank you: your review is published.');
    requestAnimationFrame(() => opener.current?.focus());
  };
  if (!own && mine.verifyEmailFirst) return <VerifyEmailToReview className={box} />;
  if (!own && !mine.canReview) {
    return <p className="mb-6 text-sm text-slate-600">{mine.reason}</p>;
  }
  return (
    <div className={box}>
      {own ? (
        <>
          <h3 className="text-base font-semibold text-slate-900">Your review</h3>
          {own.status === 'hidden' && (
            <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
              Hidden by our moderators: {own.hiddenReason}. Other shoppers do not see it.
            </p>
          )}
          {!editing && (
            <div className="mt-2">
              <Stars rating={own.rating} />
              <p className="mt-1 font-medium wrap-break-word text-slate-900">{own.title}</p>
            </div>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-700">You received this product. How is it?</p>
      )}
      {mine.verifyEmailFirst ? (
        <VerifyEmailToReview className="mt-3" />
      ) : editing ? (
        <ReviewForm
          productId={productId}
          initial={own ? { rating: own.rating, title: own.title, text: own.text } : undefined}
          onSaved={() => close(true)}
          onCancel={() => close(false)}
        />
      ) : (
        <button
          ref={opener}
          type="button"
          onClick={() => setEditing(true)}
          className={`${buttonClass(own ? 'secondary' : 'primary')} mt-3`}
        >
          {own ? 'Edit your review' : 'Write a review'}
        </button>
      )}
    </div>
  );
}

/** A buyer whose e-mail is not verified: why they cannot write (or edit) a review yet, and a new link. */
function VerifyEmailToReview({ className }: { className: string }) {
  const resend = useResendVerification();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'warning' }>({ text: '', tone: 'success' });
  const send = async () => {
    setStatus({ text: '', tone: 'success' });
    try {
      setStatus({ text: (await resend.mutateAsync()).message, tone: 'success' });
    } catch (error) {
      setStatus({ text: errorMessage(error, 'We could not send the link. Please check your connection and try again.'), tone: 'warning' });
    }
  };
  return (
    <div className={className}>
      <p className="text-sm font-semibold text-slate-900">Verify your e-mail to review</p>
      <p className="mt-1 text-sm text-slate-700">
        Open the link we mailed you when you registered. Reviews need it: one real shopper, one voice.
      </p>
      <button type="button" onClick={() => void send()} disabled={resend.isPending} className={`${buttonClass('secondary')} mt-3`}>
        {resend.isPending ? 'Sending…' : 'Resend link'}
      </button>
      <Announcer message={status.text} tone={status.tone} className="mt-3" />
    </div>
  );
}
