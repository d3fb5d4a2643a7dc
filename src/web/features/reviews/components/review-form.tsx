import { Star } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, type ReviewInput, ReviewInputSchema } from '#shared/schemas/reviews.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSaveReview } from '../api/review-actions.ts';

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
type Errors = Partial<Record<keyof ReviewInput, string>>;

interface ReviewFormProps {
  productId: number;
  /** the review being edited; none for a first review */
  initial?: ReviewInput;
  onSaved: () => void;
  onCancel: () => void;
}

/** Stars, a title and the text of a review; checked here with the server's own rules, then saved (a first review, or an edit). */
export function ReviewForm({ productId, initial, onSaved, onCancel }: ReviewFormProps) {
  const id = useId();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [text, setText] = useState(initial?.text ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveReview(productId);
  const ratingBox = useRef<HTMLInputElement>(null);
  const titleBox = useRef<HTMLInputElement>(null);
  const textBox = useRef<HTMLTextAreaElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = z.safeParse(ReviewInputSchema, { rating: rating || undefined, title, text });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ReviewInput;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (['rating', 'title', 'text'] as const).find((field) => found[field]);
      if (first) ({ rating: ratingBox, title: titleBox, text: textBox })[first].current?.focus();
      return;
    }
    setErrors({});
    save.mutate({ input: parsed.data, editing: initial !== undefined }, { onSuccess: onSaved });
  }

  const describe = (field: keyof ReviewInput, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: keyof ReviewInput) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1.5 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <fieldset aria-describedby={describe('rating')}>
        <legend className={labelClassName}>Your rating</legend>
        <div className="mt-1.5 flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <span key={n} className="relative">
              <input
                ref={n === 1 ? ratingBox : undefined}
                type="radio"
                id={`${id}-star-${n}`}
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-invalid={errors.rating ? true : undefined}
                className="peer sr-only"
              />
              <label
                htmlFor={`${id}-star-${n}`}
                className="flex size-11 cursor-pointer items-center justify-center rounded-lg peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 hover:bg-amber-50"
              >
                <Star
                  aria-hidden="true"
                  className={`size-7 ${n <= rating ? 'text-amber-500' : 'text-slate-300'}`}
                  fill="currentColor"
                  strokeWidth={n <= rating ? 0 : 1}
                />
                <span className="sr-only">{`${n} star${n === 1 ? '' : 's'}: ${STAR_WORDS[n]}`}</span>
              </label>
            </span>
          ))}
          <span className="ml-2 text-sm text-slate-700" aria-hidden="true">
            {STAR_WORDS[rating]}
          </span>
        </div>
        {fieldError('rating')}
      </fieldset>

      <div>
        <label htmlFor={`${id}-title`} className={labelClassName}>
          Title
        </label>
        <input
          ref={titleBox}
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={REVIEW_TITLE_MAX}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describe('title')}
          className={`${controlClassName} mt-1.5`}
        />
        {fieldError('title')}
      </div>

      <div>
        <label htmlFor={`${id}-text`} className={labelClassName}>
          Your review
        </label>
        <p id={`${id}-text-hint`} className="mt-1 text-sm text-slate-600">
          What did you like or dislike? {`${text.length.toLocaleString('en-IN')} of ${REVIEW_TEXT_MAX.toLocaleString('en-IN')} characters.`}
        </p>
        <textarea
          ref={textBox}
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describe('text', `${id}-text-hint`)}
          className={`${controlClassName} mt-1.5`}
        />
        {fieldError('text')}
      </div>

      {save.isError && (
        <ErrorAlert>
          {errorMessage(save.error, 'Your review was not saved: please check your internet connection and try again.')}
        </ErrorAlert>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={save.isPending} className={buttonClass('primary')}>
          {save.isPending ? 'Saving…' : initial ? 'Save changes' : 'Submit review'}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
          Cancel
        </button>
      </div>
    </form>
  );
}
