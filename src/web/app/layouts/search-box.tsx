import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#web/config/paths.ts';

/** Submits to /search?q=<encoded text>, then clears itself. */
export function SearchBox({ className = '' }: { className?: string }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    void navigate(paths.search(q));
    setText('');
  }

  return (
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <input
        type="search"
        aria-label="Search products"
        placeholder="Search laptops, desktops, monitors…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={200}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-11 pl-3 text-sm text-slate-900 placeholder:text-slate-500"
      />
      <button type="submit" aria-label="Search" className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-brand-700">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 3.4 9.83l3.63 3.64a.75.75 0 1 0 1.06-1.06l-3.64-3.63A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z" clipRule="evenodd" />
        </svg>
      </button>
    </form>
  );
}
