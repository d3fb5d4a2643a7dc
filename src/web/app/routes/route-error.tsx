import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page fails to render or its code cannot be loaded (say, after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>Something went wrong</title>
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-slate-600">Please reload the page. If it keeps happening, contact our support team.</p>
      <p className="mt-2 text-sm text-slate-500">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white"
        >
          Reload
        </button>
        <Link to="/" className="rounded-lg border border-slate-300 px-4 py-2 font-semibold">
          Go home
        </Link>
      </div>
    </main>
  );
}
