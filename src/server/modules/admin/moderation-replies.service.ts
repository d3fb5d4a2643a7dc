import { AppError } from '#shared/errors.ts';
import type { ModerationReply, ModerationReplyInput } from '#shared/schemas/vendor.ts';
import type { Db } from '#server/db/database.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import * as repository from './moderation-replies.repository.ts';

/**
 * A seller answers the hiding of its product: what it fixed, and whether it asks for the product
 * to be looked at again. The reply and its audit entry are one transaction. Only the admins
 * restore a hidden product; nothing a seller sends changes whether it is hidden.
 */
export function createModerationRepliesService(deps: { db: Db; catalog: CatalogService; audit: Pick<AuditService, 'record'> }) {
  const { db, catalog, audit } = deps;
  const toReply = ({ productId: _productId, vendorId: _vendorId, ...reply }: repository.StoredReply): ModerationReply => reply;

  return {
    /** The seller's reply to the hiding of one of its own products; 404 when it is not the seller's, 409 when it is not hidden. */
    async reply(author: { id: string; email: string }, vendorId: number, productId: number, input: ModerationReplyInput): Promise<void> {
      const product = await catalog.findForVendor(vendorId, productId);
      if (!product) throw new AppError('NOT_FOUND', 'Product not found');
      if (product.hiddenReason === null) throw new AppError('CONFLICT', 'This product is not hidden, so there is no moderation to answer');
      const hiddenReason = product.hiddenReason;
      await db.transaction().execute(async (tx) => {
        await repository.insertReply(tx, {
          productId,
          vendorId,
          authorId: author.id,
          message: input.message,
          asksReview: input.asksReview,
          hiddenReason,
        });
        await audit.record(
          {
            actor: author,
            action: input.asksReview ? 'product.moderation.review-requested' : 'product.moderation.reply',
            entityType: 'product',
            entityId: String(productId),
            after: { message: input.message },
            reason: null,
          },
          tx,
        );
      });
    },

    /** One seller's replies on its products, by product. */
    async ofSeller(vendorId: number, productIds: readonly number[]): Promise<Map<number, ModerationReply[]>> {
      const byProduct = new Map<number, ModerationReply[]>();
      for (const reply of await repository.repliesOf(db, productIds, vendorId))
        byProduct.set(reply.productId, [...(byProduct.get(reply.productId) ?? []), toReply(reply)]);
      return byProduct;
    },

    /** Every seller's replies on one product, for the admins, with the seller's id. */
    async ofProduct(productId: number): Promise<Array<ModerationReply & { vendorId: number }>> {
      return (await repository.repliesOf(db, [productId])).map((reply) => ({ ...toReply(reply), vendorId: reply.vendorId }));
    },
  };
}

export type ModerationRepliesService = ReturnType<typeof createModerationRepliesService>;
