import { indiaDate, lastIndiaDays } from '#shared/india-time.ts';
import { orderNumber } from '#shared/order-number.ts';
import type { Settlement, VendorOverview } from '#shared/schemas/vendor.ts';
import { toCsv } from '#server/csv.ts';
import type { VendorRow } from '#server/db/schema.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';

export function createVendorReportsService(deps: {
  orders: OrdersService;
  catalog: CatalogService;
  payments: PaymentsService;
  commissionPercent: number;
  now?: () => Date;
}) {
  const { orders, catalog, payments, commissionPercent } = deps;
  const now = deps.now ?? (() => new Date());

  /** The last `days` India calendar days, today included, as a seller in India reads them. */
  function period(days: number) {
    return lastIndiaDays(now(), days);
  }

  async function settlement(shop: VendorRow, days: number): Promise<Settlement> {
    const { from, to } = period(days);
    const [lines, refunded] = await Promise.all([
      orders.vendorDeliveredLines(shop.id, from, to),
      orders.vendorRefundedReturns(shop.id, from, to),
    ]);
    // How each order was paid: Cash on Delivery is cash the courier collected, not a gateway's.
    const paidWith = new Map(
      (await payments.ofOrders([...new Set(lines.map((line) => line.orderId))]))
        .filter((payment) => payment.status === 'captured' || payment.status === 'partially_refunded' || payment.status === 'refunded')
        .map((payment) => [payment.orderId, payment.method]),
    );
    const gross = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    // The shop's own coupons come out of its payable; the marketplace's coupons it pays itself.
    const discountsBy = (funder: 'vendor' | 'marketplace') =>
      lines.reduce((sum, line) => sum + (line.discountFundedBy === funder ? line.discount : 0), 0);
    const shopDiscounts = discountsBy('vendor');
    // Units returned and refunded in the period come off: the shop's sale of them, and the commission on it.
    const returns = refunded.reduce((sum, ret) => sum + ret.vendorDeduction, 0);
    const commission = Math.round(((gross - shopDiscounts - returns) * commissionPercent) / 100);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      payoutsHeldUntil: shop.payouts_held_until && Date.parse(shop.payouts_held_until) > now().getTime() ? shop.payouts_held_until : null,
      commissionPercent,
      gross,
      shopDiscounts,
      marketplaceDiscounts: discountsBy('marketplace'),
      returns,
      commission,
      net: gross - shopDiscounts - returns - commission,
      returnLines: refunded.map((ret) => ({
        orderNumber: orderNumber(ret.orderId),
        refundedAt: ret.refundedAt!,
        product: ret.name,
        quantity: ret.quantity,
        amount: ret.vendorDeduction,
      })),
      lines: lines.map((line) => ({
        orderNumber: orderNumber(line.orderId),
        deliveredAt: line.deliveredAt,
        product: line.name,
        quantity: line.quantity,
        amount: line.lineTotal,
        discount: line.discount,
        discountFundedBy: line.discountFundedBy,
        paymentMethod: paidWith.get(line.orderId) ?? null,
      })),
    };
  }

  return {
    settlement,

    async settlementCsv(shop: VendorRow, days: number): Promise<string> {
      const s = await settlement(shop, days);
      const rupees = (paise: number) => (paise / 100).toFixed(2);
      const body = toCsv({
        fields: ['order', 'delivered_on', 'product', 'quantity', 'amount_inr', 'coupon_discount_inr', 'discount_funded_by', 'paid_by'],
        data: s.lines.map((line) => [
          line.orderNumber,
          indiaDate(line.deliveredAt),
          line.product,
          line.quantity,
          rupees(line.amount),
          rupees(line.discount),
          line.discountFundedBy ?? '',
          line.paymentMethod ?? '',
        ]),
      });
      const returned = toCsv({
        fields: ['returned_order', 'refunded_on', 'product', 'quantity', 'deducted_inr'],
        data: s.returnLines.map((line) => [
          line.orderNumber,
          indiaDate(line.refundedAt),
          line.product,
          line.quantity,
          rupees(-line.amount),
        ]),
      });
      const summary = toCsv([
        ['gross_inr', rupees(s.gross)],
        ['shop_coupons_inr', rupees(s.shopDiscounts)],
        ['marketplace_coupons_inr', rupees(s.marketplaceDiscounts)],
        ['returns_refunded_inr', rupees(-s.returns)],
        [`commission_${s.commissionPercent}pct_inr`, rupees(s.commission)],
        ['net_payable_inr', rupees(s.net)],
        ...(s.payoutsHeldUntil ? [['payouts_held_until', s.payoutsHeldUntil]] : []),
      ]);
      return s.returnLines.length > 0 ? `${body}\r\n\r\n${returned}\r\n\r\n${summary}\r\n` : `${body}\r\n\r\n${summary}\r\n`;
    },

    async overview(shop: VendorRow, days: number): Promise<VendorOverview> {
      const { from, to, dates } = period(days);
      const [lines, lowStock, awaitingPacking] = await Promise.all([
        orders.vendorPaidLines(shop.id, from, to),
        catalog.lowStock(shop.id, shop.low_stock_threshold),
        orders.awaitingPacking(shop.id),
      ]);
      const revenue = lines.reduce((sum, line) => sum + line.lineTotal, 0);
      const orderCount = new Set(lines.map((line) => line.orderId)).size;
      const byDay = new Map<string, number>();
      for (const date of dates) byDay.set(date, 0);
      for (const line of lines) {
        const day = indiaDate(line.paidAt);
        byDay.set(day, (byDay.get(day) ?? 0) + line.lineTotal);
      }
      const byProduct = new Map<number, { productId: number; name: string; units: number; revenue: number }>();
      for (const line of lines) {
        const entry = byProduct.get(line.productId) ?? { productId: line.productId, name: line.name, units: 0, revenue: 0 };
        entry.units += line.quantity;
        entry.revenue += line.lineTotal;
        byProduct.set(line.productId, entry);
      }
      return {
        days,
        revenue,
        orders: orderCount,
        units: lines.reduce((sum, line) => sum + line.quantity, 0),
        averageOrderValue: orderCount === 0 ? 0 : Math.round(revenue / orderCount),
        revenueByDay: [...byDay].map(([date, value]) => ({ date, revenue: value })),
        topProducts: [...byProduct.values()].sort((a, b) => b.revenue - a.revenue).slice(0, 5),
        lowStock,
        lowStockThreshold: shop.low_stock_threshold,
        awaitingPacking,
      };
    },
  };
}

export type VendorReportsService = ReturnType<typeof createVendorReportsService>;
