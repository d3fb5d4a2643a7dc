import type { ReactNode } from 'react';
import { PageMeta } from '#web/components/seo/page-meta.tsx';

const lastUpdatedFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Readable long-form text without a typography plugin: every rule targets the
 * plain HTML elements the information pages write (h2, h3, p, ul, ol, a, table…).
 */
const proseClassName = [
  'text-base leading-7 text-slate-700 wrap-break-word',
  // Headings
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:leading-snug [&_h2]:text-slate-900 sm:[&_h2]:text-2xl',
  '[&>h2:first-child]:mt-0',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  // Paragraphs and lists
  '[&_p]:mt-4 [&_h2+p]:mt-0 [&_h3+p]:mt-0',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_h2+ul]:mt-0 [&_h2+ol]:mt-0 [&_h3+ul]:mt-0 [&_h3+ol]:mt-0',
  '[&_li]:pl-1 [&_li+li]:mt-2 [&_li::marker]:text-slate-400',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  // Links
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-300 [&_a]:underline-offset-2',
  '[&_a:hover]:text-brand-900 [&_a:hover]:decoration-brand-700',
  // Addresses and definition-style blocks
  '[&_address]:not-italic',
].join(' ');

interface InfoPageProps {
  /** The page's heading, also used (with the store's name) for the document title. */
  title: string;
  storeName: string;
  /** what search engines show under the title */
  description: string;
  /** the page's address, its canonical URL */
  path: string;
  /** A short introduction shown under the heading, in larger type. */
  lead?: ReactNode;
  /** ISO date (YYYY-MM-DD) shown as "Last updated 1 November 2026". */
  lastUpdated?: string;
  children: ReactNode;
}

/** The shared layout of the store's prose pages: About, Returns, Privacy and Terms. */
export default function InfoPage({ title, storeName, description, path, lead, lastUpdated, children }: InfoPageProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta title={`${title} · ${storeName}`} description={description} canonical={path} />
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
        {lastUpdated ? (
          <p className="mt-2 text-sm text-slate-500">
            Last updated <time dateTime={lastUpdated}>{lastUpdatedFormat.format(new Date(lastUpdated))}</time>
          </p>
        ) : null}
        {lead ? <div className="mt-4 text-lg leading-8 text-slate-600">{lead}</div> : null}
      </header>
      <div className={`mt-8 ${proseClassName}`}>{children}</div>
    </article>
  );
}

/** A highlighted note inside a prose page (key facts, summaries). */
export function InfoCallout({ children }: { children: ReactNode }) {
  return (
    <aside className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4 text-slate-800 sm:p-5 [&>p:first-child]:mt-0">
      {children}
    </aside>
  );
}
