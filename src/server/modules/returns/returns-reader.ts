import type { Db } from '#server/db/database.ts';
import type { OrderReturnsReader } from '#server/modules/orders/orders.service.ts';
import { toOrderReturn } from './returns-view.ts';
import * as repository from './returns.repository.ts';

/** What the orders module reads of returns (see OrderReturnsReader): made before the orders service, from the database alone. */
export function createOrderReturnsReader(db: Db): OrderReturnsReader {
  return {
    async ofOrders(orderIds, tx = db) {
      const rows = await repository.returnsOfOrders(tx, orderIds);
      const photos = await repository.photosOf(
        tx,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        ...toOrderReturn(
          row,
          photos.filter((photo) => photo.returnId === row.id).map((photo) => photo.id),
        ),
        orderId: row.orderId,
      }));
    },
    subjects: (ids) => repository.returnSubjects(db, ids),
    vendorRefunded: (vendorId, from, to) => repository.vendorRefundedReturns(db, vendorId, from, to),
  };
}
