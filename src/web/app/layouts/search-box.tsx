import { type FormEvent, type KeyboardEvent, lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useFieldValue } from '#web/lib/hydration.ts';

// Loaded once a shopper starts typing: the page's first load carries only the box.
const SearchSuggestions = lazy(() => import('#web/features/catalog/components/search-suggestions.tsx'));

/**
 * The header's search: an ARIA combobox whose list suggests products, brands and categories as the
 * shopper types (arrow keys to move, Enter to open one, Escape to close). Enter without a chosen
 * suggestion submits to /search?q=<encoded text>; the box then clears itself. Drawn by the server,
 * the box keeps what a shopper types before the page's scripts arrive, and Enter pressed before
 * then searches as a plain form does (the same address).
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const [text, setText, keepTyped] = useFieldValue();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [count, setCount] = useState(0);
  const choose = useRef<(index: number) => void>(() => {});
  const listId = useId();
  const navigate = useNavigate();
  const showing = open && text.trim().length >= 2;

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  const chosen = useCallback(() => {
    close();
    setText('');
  }, [close, setText]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    chosen();
    void navigate(paths.search(q));
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && showing) {
      // Escape closes the list and keeps the words (a text input, unlike a search one, has no
      // Escape to clear; the budget of the home page leaves no room to add one).
      event.preventDefault();
      close();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && showing && count > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box (-1) through each suggestion and back to the box.
      const states = count + 1;
      setActive((current) => ((((current + 1 + step) % states) + states) % states) - 1);
    } else if (event.key === 'Enter' && showing && active >= 0 && active < count) {
      event.preventDefault();
      choose.current(active);
    }
  }

  return (
    <form role="search" action={paths.searchPage()} onSubmit={submit} className={`relative ${className}`}>
      <input
        ref={keepTyped}
        // Text, not "search": ARIA in HTML allows the combobox role on a search input only with a
        // `list`. enterKeyHint keeps the keyboard's "search" key.
        type="text"
        enterKeyHint="search"
        name="q"
        role="combobox"
        aria-label="Search products"
        aria-autocomplete="list"
        aria-expanded={showing && count > 0}
        aria-controls={listId}
        aria-activedescendant={showing && active >= 0 && active < count ? `${listId}-${active}` : undefined}
        placeholder="Search laptops, desktops, monitors…"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={keyDown}
        onBlur={close}
        maxLength={200}
        autoComplete="off"
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-11 pl-3 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-brand-700"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 3.4 9.83l3.63 3.64a.75.75 0 1 0 1.06-1.06l-3.64-3.63A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      {showing && (
        <Suspense fallback={null}>
          <SearchSuggestions listId={listId} text={text} active={active} onCount={setCount} chooseRef={choose} onChosen={chosen} />
        </Suspense>
      )}
    </form>
  );
}
