import { FileText } from 'lucide-react';

/** A shipment's GST tax invoice, downloaded as a PDF. */
export function InvoiceLink({ invoice, className = '' }: { invoice: { id: number; number: string }; className?: string }) {
  return (
    <a
      href={`/api/invoices/${invoice.id}/pdf`}
      download
      className={`inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 ${className}`}
    >
      <FileText aria-hidden="true" className="size-4 shrink-0" />
      Tax invoice {invoice.number} (PDF)
    </a>
  );
}
