/** The look the dashboard's parts share: each part is a card with a heading, a link or an empty note. */
export const card = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
export const link = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';
export const heading = 'text-lg font-semibold text-slate-900';
export const emptyText = 'mt-2 text-sm text-slate-600';
