import type { ReactNode } from 'react';

/** The frame of the login and registration pages. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <div className="mt-1 text-sm text-slate-600">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
