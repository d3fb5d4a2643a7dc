import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { InvoiceAddress, InvoiceDocument } from './invoice-document.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans has the rupee sign; PDF's built-in fonts do not. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const money = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (paise: number) => money.format(paise / 100);
const issuedOn = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

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

/** The invoice as an A4 PDF: seller and buyer, place of supply, each line's HSN and tax, and the totals in figures and words. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Tax invoice ${invoice.number}`, Author: invoice.seller.legalName } });
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

  pdf.font('bold').fontSize(16).text(invoice.buyerGst ? 'Tax invoice (B2B)' : 'Tax invoice', left, 40);
  pdf.font('regular').fontSize(9);
  pdf.text(`Invoice number: ${invoice.number}`, left, 62);
  pdf.text(`Invoice date: ${issuedOn.format(new Date(invoice.issuedAt))}`);
  pdf.text(`Order number: ${invoice.orderNumber}`);
  pdf.text(`Place of supply: ${invoice.placeOfSupply}`);

  const blockTop = 130;
  const half = width / 2 - 10;
  pdf.font('bold').fontSize(9).text('Sold by', left, blockTop);
  pdf.font('regular').text([invoice.seller.legalName, ...(invoice.seller.tradeName !== invoice.seller.legalName ? [`(${invoice.seller.tradeName})`] : []), ...(invoice.seller.address ? addressLines(invoice.seller.address) : []), `GSTIN: ${invoice.seller.gstin ?? 'not registered'}`].join('\n'), left, blockTop + 13, { width: half });
  const buyerLeft = left + width / 2 + 10;
  pdf.font('bold').text('Billed and shipped to', buyerLeft, blockTop);
  const buyer = invoice.buyerGst ? [invoice.buyerGst.businessName, `Attn: ${invoice.buyer.name}`] : [invoice.buyer.name];
  const buyerGstin = invoice.buyerGst ? [`GSTIN: ${invoice.buyerGst.gstin}`] : [];
  pdf.font('regular').text([...buyer, ...addressLines(invoice.buyer), ...buyerGstin].join('\n'), buyerLeft, blockTop + 13, { width: half });

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
    pdf.moveTo(left, y - 3).lineTo(left + width, y - 3).lineWidth(0.5).strokeColor('#cbd5e1').stroke();
  };
  row(COLUMNS.map(([heading]) => heading), 'bold');
  for (const line of invoice.lines) {
    row([line.name, line.hsn, String(line.quantity), rupees(line.taxable), `${line.ratePercent}%`, rupees(line.cgst), rupees(line.sgst), rupees(line.igst), rupees(line.total)], 'regular');
  }
  const { totals } = invoice;
  row(['Total', '', '', rupees(totals.taxable), '', rupees(totals.cgst), rupees(totals.sgst), rupees(totals.igst), rupees(totals.total)], 'bold');

  pdf.font('regular').fontSize(9).text(invoice.interState ? 'Supply to another state: IGST applies.' : 'Supply within the seller’s state: CGST and SGST apply.', left, y + 8, { width });
  pdf.text(`Amount in words: ${invoice.amountInWords}`, { width });
  pdf.moveDown();
  pdf.fontSize(8).fillColor('#475569').text('Prices include GST. This is a computer-generated invoice and needs no signature.', { width });
  pdf.end();
  return done;
}
