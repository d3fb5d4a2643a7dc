import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';

/**
 * The results page's own search field: the words searched for, to change and search again (the
 * header's box clears itself once it has searched). The chosen filters and sort are kept, the
 * page is not; sent before the page's scripts run, it is a plain form to the same address.
 */
export function SearchQueryForm({ q }: { q: string }) {
  const [params] = useSearchParams();
  const [text, setText] = useState(q);
  const navigate = useNavigate();
  const id = useId();
  const kept = [...params.entries()].filter(([key]) => key !== 'q' && key !== 'page');

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams(kept);
    const words = text.trim();
    if (words) next.set('q', words);
    const search = next.toString();
    void navigate(`${paths.searchPage()}${search ? `?${search}` : ''}`);
  }

  return (
    <form role="search" aria-label="This search" action={paths.searchPage()} onSubmit={submit} className="mt-3 flex max-w-xl gap-2">
      <label htmlFor={`${id}-q`} className="sr-only">
        Search for
      </label>
      <input
        id={`${id}-q`}
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={200}
        autoComplete="off"
        placeholder="Search laptops, desktops, monitors…"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
      />
      {kept.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <button type="submit" className={buttonClass('primary')}>
        Search
      </button>
    </form>
  );
}
