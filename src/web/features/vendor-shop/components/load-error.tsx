import { buttonClass } from '#web/components/ui/button-styles.ts';

interface LoadErrorProps {
  title: string;
  error: Error;
  onRetry: () => void;
}

/** A failed load, with the API's message and a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800 sm:p-6">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm wrap-break-word">{error.message}</p>
      <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
