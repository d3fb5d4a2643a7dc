import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { Review } from '#shared/schemas/reviews.ts';
import { paths } from '#web/config/paths.ts';
import { Stars, VerifiedPurchase } from './stars.tsx';

/** The two views of a review list (Reported · Hidden, All · Awaiting your reply) as links that keep the page's address. */
export function ReviewTabs({ label, tabs }: { label: string; tabs: ReadonlyArray<{ label: string; search: string; current: boolean }> }) {
  return (
    <nav aria-label={label} className="mt-4 flex gap-2">
      {tabs.map((tab) => (
        <Link
          key={tab.label}
          to={{ search: tab.search }}
          aria-current={tab.current ? 'page' : undefined}
          className={`rounded-lg px-3 py-2 text-sm font-semibold ${tab.current ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

interface ReviewCardProps {
  review: Pick<Review, 'productId' | 'rating' | 'title' | 'author' | 'text'> & { productName: string };
  /** after the author and "Verified purchase": when it was written, and more */
  meta: ReactNode;
  /** under the text: what the page does with the review (moderate it, reply to it) */
  children: ReactNode;
}

/** One review in the admin's and the seller's lists: its product, stars, title, author, date and text, then the page's own part. */
export function ReviewCard({ review, meta, children }: ReviewCardProps) {
  const id = useId();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <article aria-labelledby={`${id}-title`}>
        <p className="text-sm text-slate-600">
          <Link to={paths.product(review.productId)} className="font-medium text-brand-700 underline">
            {review.productName}
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars rating={review.rating} />
          <h2 id={`${id}-title`} className="font-semibold wrap-break-word text-slate-900">
            {review.title}
          </h2>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="font-medium text-slate-800">{review.author}</span>
          <VerifiedPurchase />
          {meta}
        </p>
        <p className="mt-2 whitespace-pre-line wrap-break-word text-slate-800">{review.text}</p>
        {children}
      </article>
    </li>
  );
}
