import { FileMinus, FileText } from 'lucide-react';

const linkClass = 'inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** A shipment's GST tax invoice, downloaded as a PDF. */
export function InvoiceLink({ invoice, className = '' }: { invoice: { id: number; number: string }; className?: string }) {
  return (
    <a href={`/api/invoices/${invoice.id}/pdf`} download className={`${linkClass} ${className}`}>
      <FileText aria-hidden="true" className="size-4 shrink-0" />
      Tax invoice {invoice.number} (PDF)
    </a>
  );
}

/** A GST credit note (money refunded against a tax invoice), downloaded as a PDF. */
export function CreditNoteLink({ creditNote, className = '' }: { creditNote: { id: number; number: string }; className?: string }) {
  return (
    <a href={`/api/credit-notes/${creditNote.id}/pdf`} download className={`${linkClass} ${className}`}>
      <FileMinus aria-hidden="true" className="size-4 shrink-0" />
      Credit note {creditNote.number} (PDF)
    </a>
  );
}

/** A shipment's tax invoice with its credit notes beside it. */
export function TaxDocumentLinks({
  invoice,
  creditNotes,
  className = '',
}: {
  invoice: { id: number; number: string };
  creditNotes: ReadonlyArray<{ id: number; number: string }>;
  className?: string;
}) {
  if (creditNotes.length === 0) return <InvoiceLink invoice={invoice} className={className} />;
  return (
    <p className={`flex flex-wrap gap-x-4 gap-y-1.5 ${className}`}>
      <InvoiceLink invoice={invoice} />
      {creditNotes.map((note) => (
        <CreditNoteLink key={note.id} creditNote={note} />
      ))}
    </p>
  );
}
