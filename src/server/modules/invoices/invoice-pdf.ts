import { createRequire } from 'node:module';
import { INDIA_TIME_ZONE } from '#shared/india-time.ts';
import type { CreditNoteDocument } from './credit-note-document.ts';
import type { InvoiceAddress, InvoiceDocument } from './invoice-document.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans has the rupee sign; PDF's built-in fonts do not. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const money = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (paise: number) => money.format(paise / 100);
const issuedOn = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: INDIA_TIME_ZONE });

function addressLines(address: InvoiceAddress): string[] {
  return [address.line1, address.line2, `${address.city}, ${address.state} ${address.pincode}`].filter((line) => line.trim() !== '');
}

/** The columns of the lines' table: heading, width in points, and whether figures align right. */
const COLUMNS = [
  ['Item', 124, false],
  ['HSN', 32, false],
  ['Qty', 24, true],
  ['Taxable value', 72, true],
  ['GST', 28, true],
  ['CGST', 56, true],
  ['SGST', 56, true],
  ['IGST', 56, true],
  ['Total', 66, true],
] as const;

/** What a tax document's page shows: an invoice and a credit note are drawn alike. */
interface TaxDocumentPage {
  title: string;
  /** the PDF's own title: the kind and number */
  documentTitle: string;
  /** the lines under the title: number, date, order, place of supply… */
  heading: string[];
  parties: Pick<InvoiceDocument, 'seller' | 'buyer' | 'buyerGst'>;
  lines: ReadonlyArray<{
    name: string;
    hsn: string;
    quantity: number | null;
    taxable: number;
    ratePercent: number;
    cgst: number;
    sgst: number;
    igst: number;
    total: number;
  }>;
  totals: InvoiceDocument['totals'];
  /** which tax applies, after the table */
  taxNote: string;
  amountInWords: string;
  footnote: string;
}

/**
 * A tax document as an A4 PDF: seller and buyer, place of supply, each line's HSN and tax, and the totals in figures and words.
 * PDFKit is loaded at the first document, not with the server: it is about 20 MB a process that most workers never use.
 */
async function renderTaxDocument(page: TaxDocumentPage): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { seller, buyer: billedTo, buyerGst } = page.parties;
  const pdf = new PDFDocument({ size: 'A4', margin: 40, info: { Title: page.documentTitle, Author: seller.legalName } });
  pdf.registerFont('regular', FONT);
  pdf.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  pdf.font('bold').fontSize(16).text(page.title, left, 40);
  pdf.font('regular').fontSize(9);
  page.heading.forEach((line, at) => (at === 0 ? pdf.text(line, left, 62, { width }) : pdf.text(line, { width })));

  const blockTop = Math.max(130, pdf.y + 14);
  const half = width / 2 - 10;
  pdf.font('bold').fontSize(9).text('Sold by', left, blockTop);
  pdf
    .font('regular')
    .text(
      [
        seller.legalName,
        ...(seller.tradeName !== seller.legalName ? [`(${seller.tradeName})`] : []),
        ...(seller.address ? addressLines(seller.address) : []),
        `GSTIN: ${seller.gstin ?? 'not registered'}`,
      ].join('\n'),
      left,
      blockTop + 13,
      { width: half },
    );
  const buyerLeft = left + width / 2 + 10;
  pdf.font('bold').text('Billed and shipped to', buyerLeft, blockTop);
  const buyer = buyerGst ? [buyerGst.businessName, `Attn: ${billedTo.name}`] : [billedTo.name];
  const buyerGstin = buyerGst ? [`GSTIN: ${buyerGst.gstin}`] : [];
  pdf.font('regular').text([...buyer, ...addressLines(billedTo), ...buyerGstin].join('\n'), buyerLeft, blockTop + 13, { width: half });

  let y = Math.max(pdf.y, blockTop + 90) + 16;
  const row = (cells: readonly string[], font: 'regular' | 'bold') => {
    let x = left;
    let height = 0;
    pdf.font(font).fontSize(7.5);
    cells.forEach((cell, at) => {
      const [, columnWidth, right] = COLUMNS[at]!;
      pdf.text(cell, x + 2, y, { width: columnWidth - 4, align: right ? 'right' : 'left' });
      height = Math.max(height, pdf.y - y);
      x += columnWidth;
    });
    y += height + 6;
    pdf
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
  };
  row(
    COLUMNS.map(([heading]) => heading),
    'bold',
  );
  for (const line of page.lines) {
    row(
      [
        line.name,
        line.hsn,
        line.quantity === null ? '' : String(line.quantity),
        rupees(line.taxable),
        `${line.ratePercent}%`,
        rupees(line.cgst),
        rupees(line.sgst),
        rupees(line.igst),
        rupees(line.total),
      ],
      'regular',
    );
  }
  const { totals } = page;
  row(
    ['Total', '', '', rupees(totals.taxable), '', rupees(totals.cgst), rupees(totals.sgst), rupees(totals.igst), rupees(totals.total)],
    'bold',
  );

  pdf
    .font('regular')
    .fontSize(9)
    .text(page.taxNote, left, y + 8, { width });
  pdf.text(`Amount in words: ${page.amountInWords}`, { width });
  pdf.moveDown();
  pdf.fontSize(8).fillColor('#475569').text(page.footnote, { width });
  pdf.end();
  return done;
}

/** The invoice as an A4 PDF. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  return renderTaxDocument({
    title: invoice.buyerGst ? 'Tax invoice (B2B)' : 'Tax invoice',
    documentTitle: `Tax invoice ${invoice.number}`,
    heading: [
      `Invoice number: ${invoice.number}`,
      `Invoice date: ${issuedOn.format(new Date(invoice.issuedAt))}`,
      `Order number: ${invoice.orderNumber}`,
      `Place of supply: ${invoice.placeOfSupply}`,
    ],
    parties: invoice,
    lines: invoice.lines,
    totals: invoice.totals,
    taxNote: [
      invoice.interState ? 'Supply to another state: IGST applies.' : 'Supply within the seller’s state: CGST and SGST apply.',
      invoice.totals.discount
        ? `Coupon discount${invoice.coupon ? ` (${invoice.coupon.code})` : ''} of ${rupees(invoice.totals.discount)} deducted from the value before tax.`
        : '',
    ]
      .filter(Boolean)
      .join(' '),
    amountInWords: invoice.amountInWords,
    footnote: 'Prices include GST. This is a computer-generated invoice and needs no signature.',
  });
}

/** The credit note as an A4 PDF: the invoice it is against, the reason, and the value and tax it reverses. */
export function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  return renderTaxDocument({
    title: note.buyerGst ? 'Credit note (B2B)' : 'Credit note',
    documentTitle: `Credit note ${note.number}`,
    heading: [
      `Credit note number: ${note.number}`,
      `Credit note date: ${issuedOn.format(new Date(note.issuedAt))}`,
      `Against invoice ${note.against.number} dated ${issuedOn.format(new Date(note.against.issuedAt))}`,
      `Order number: ${note.orderNumber}`,
      `Place of supply: ${note.placeOfSupply}`,
      `Reason: ${note.reason}`,
    ],
    parties: note,
    lines: note.lines,
    totals: note.totals,
    taxNote: note.interState
      ? 'Supply to another state: the IGST charged is reversed.'
      : 'Supply within the seller’s state: the CGST and SGST charged are reversed.',
    amountInWords: note.amountInWords,
    footnote:
      'Issued under section 34 of the CGST Act, 2017. The amounts include GST. This is a computer-generated credit note and needs no signature.',
  });
}
