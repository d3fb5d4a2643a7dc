import { CATEGORY_LABELS } from '#shared/categories.ts';
import type { Coupon } from '#shared/schemas/coupons.ts';
import { formatDate } from '#web/lib/format.ts';

/** "1 Nov 2026" for an India date ("2026-11-01"), whatever the browser's time zone. */
export function formatIndiaDay(date: string): string {
  return formatDate(`${date}T12:00:00+05:30`);
}

/** What the coupon applies to: "Laptops sold by Kochi Computers", "All products". */
export function couponScope(coupon: Pick<Coupon, 'category' | 'vendor'>, ownProducts = false): string {
  const what = coupon.category ? CATEGORY_LABELS[coupon.category].plural : ownProducts ? 'All your products' : 'All products';
  return !ownProducts && coupon.vendor ? `${what} sold by ${coupon.vendor.name}` : what;
}

/** "12 of 500", or "12 (no limit)". */
export function couponUses(coupon: Pick<Coupon, 'used' | 'totalLimit'>): string {
  return coupon.totalLimit === null
    ? `${coupon.used.toLocaleString('en-IN')} (no limit)`
    : `${coupon.used.toLocaleString('en-IN')} of ${coupon.totalLimit.toLocaleString('en-IN')}`;
}

/** Why a coupon switched on still cannot be used today, if it cannot. */
export function couponTiming(coupon: Pick<Coupon, 'startsOn' | 'endsOn' | 'used' | 'totalLimit'>, today: string): string | undefined {
  if (today < coupon.startsOn) return `Starts ${formatIndiaDay(coupon.startsOn)}`;
  if (today > coupon.endsOn) return 'Ended';
  if (coupon.totalLimit !== null && coupon.used >= coupon.totalLimit) return 'Fully redeemed';
  return undefined;
}
