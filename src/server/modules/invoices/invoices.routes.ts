import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import { requireSignedIn, requireUser } from '#server/plugins/auth.ts';
import { fileResponses } from '#server/plugins/openapi.ts';
import type { InvoiceReader, InvoicesService } from './invoices.service.ts';

const params = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'id must be a positive whole number')
    .transform(Number),
});

/** A tax invoice or credit note as a PDF, for its buyer, its seller or an admin (404 for anyone else). */
export function invoicesRoutes({ invoices, vendors }: { invoices: InvoicesService; vendors: VendorsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireSignedIn);

    /** Who is asking: an admin, a seller (by its shop), or a customer. A seller without a shop reads nothing. */
    async function readerOf(request: FastifyRequest, what: string): Promise<InvoiceReader> {
      const caller = requireUser(request);
      if (caller.role === 'admin') return { kind: 'admin' };
      if (caller.role === 'vendor') {
        const shop = await vendors.findByUserId(caller.id);
        if (!shop) throw new AppError('NOT_FOUND', `${what} not found`);
        return { kind: 'vendor', vendorId: shop.id };
      }
      return { kind: 'customer', userId: caller.id };
    }

    const pdfReply = (reply: FastifyReply, file: string, pdf: Buffer) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);

    app.get(
      '/invoices/:id/pdf',
      {
        schema: {
          tags: ['orders'],
          summary: 'A GST tax invoice as PDF: to the order’s buyer, the shipment’s seller, or an admin',
          params,
          response: fileResponses('application/pdf', 'The invoice as PDF'),
        },
      },
      async (request, reply) => {
        const document = await invoices.document(request.params.id, await readerOf(request, 'Invoice'));
        return pdfReply(reply, `invoice-${document.number.replaceAll('/', '-')}.pdf`, await invoices.pdf(document));
      },
    );

    app.get(
      '/credit-notes/:id/pdf',
      {
        schema: {
          tags: ['orders'],
          summary:
            'A GST credit note (money refunded against a tax invoice) as PDF: to the order’s buyer, the shipment’s seller, or an admin',
          params,
          response: fileResponses('application/pdf', 'The credit note as PDF'),
        },
      },
      async (request, reply) => {
        const document = await invoices.creditNoteDocument(request.params.id, await readerOf(request, 'Credit note'));
        return pdfReply(reply, `credit-note-${document.number.replaceAll('/', '-')}.pdf`, await invoices.creditNotePdf(document));
      },
    );
  };
}
