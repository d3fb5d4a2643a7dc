import { CircleCheck, CircleDashed } from 'lucide-react';

/** What a step needs (a shop's approval, say), each item marked done or still to do, in words as well as icons. */
export function Checklist({ items, className = '' }: { items: ReadonlyArray<{ item: string; done: boolean }>; className?: string }) {
  return (
    <ul className={`space-y-1.5 text-sm ${className}`}>
      {items.map(({ item, done }) => (
        <li key={item} className="flex items-start gap-2">
          {done ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          ) : (
            <CircleDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          )}
          <span className={done ? 'text-slate-800' : 'font-medium text-amber-900'}>
            <span className="sr-only">{done ? 'Done: ' : 'Still needed: '}</span>
            {item}
          </span>
        </li>
      ))}
    </ul>
  );
}
