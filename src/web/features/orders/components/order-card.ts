/** The order page's cards and their headings, shared by its sections. */
export const card = 'rounded-xl border border-slate-200 bg-white';
export const cardHeading = 'text-lg font-semibold text-slate-900';
