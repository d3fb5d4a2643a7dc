import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { requireSignedIn, requireUser } from '#server/plugins/auth.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import type { InvoiceReader, InvoicesService } from './invoices.service.ts';

const params = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/, 'id must be a positive whole number').transform(Number) });

/** A tax invoice as a PDF, for its buyer, its seller or an admin (404 for anyone else). */
export function invoicesRoutes({ invoices, vendors }: { invoices: InvoicesService; vendors: VendorsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireSignedIn);

    app.get(
      '/invoices/:id/pdf',
      {
        schema: {
          tags: ['orders'],
          summary: 'A GST tax invoice as PDF: to the order’s buyer, the shipment’s seller, or an admin',
          params,
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        let reader: InvoiceReader;
        if (caller.role === 'admin') reader = { kind: 'admin' };
        else if (caller.role === 'vendor') {
          const shop = await vendors.findByUserId(caller.id);
          if (!shop) throw new AppError('NOT_FOUND', 'Invoice not found');
          reader = { kind: 'vendor', vendorId: shop.id };
        } else reader = { kind: 'customer', userId: caller.id };
        const document = await invoices.document(request.params.id, reader);
        const file = `invoice-${document.number.replaceAll('/', '-')}.pdf`;
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${file}"`)
          .header('cache-control', 'private, no-store')
          .send(await invoices.pdf(document));
      },
    );
  };
}
