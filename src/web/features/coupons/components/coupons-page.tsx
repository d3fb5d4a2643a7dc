import { TicketPercent } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { describeCoupon } from '#shared/coupons.ts';
import type { Coupon } from '#shared/schemas/coupons.ts';
import { DataTable } from '#web/components/data-table/data-table.tsx';
import { EmptyState } from '#web/components/data-table/paged-list.tsx';
import { Announcer, type AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { LoadError } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { type CouponArea, useCoupons } from '../api/get-coupons.ts';
import { useSetCouponActive } from '../api/set-coupon-active.ts';
import { indiaToday } from '../coupon-form-values.ts';
import { couponColumns } from './coupon-columns.tsx';
import { CouponForm } from './coupon-form.tsx';

const INTRO: Record<CouponArea, string> = {
  admin:
    'Every coupon in the store. The marketplace’s own coupons may be kept to a category or a seller, and the marketplace pays for their discounts; sellers’ coupons are for their own products and come out of their payable.',
  vendor:
    'Codes shoppers type in their cart for a discount on your products. The discounts come out of your payable: your settlements deduct them from your sales, before commission.',
};

/**
 * The coupons page of the admin area (every coupon) or of a seller's dashboard (its own): the list,
 * each coupon switched on or off from its row, and a form for a new one, which then takes the
 * focus at the top of the list.
 */
export function CouponsPage({ area }: { area: CouponArea }) {
  const ids = useId();
  const coupons = useCoupons(area);
  const setActive = useSetCouponActive(area);
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState<{ text: string; tone: AnnouncerTone }>({ text: '', tone: 'success' });
  const [focusCoupon, setFocusCoupon] = useState<{ id: number } | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const today = indiaToday();

  const codeId = (coupon: Pick<Coupon, 'id'>) => `${ids}-coupon-${coupon.id}`;

  // A new coupon's code takes the focus once its row is drawn.
  useEffect(() => {
    if (focusCoupon) document.getElementById(`${ids}-coupon-${focusCoupon.id}`)?.focus();
  }, [focusCoupon, ids]);

  const announce = (text: string, tone: AnnouncerTone = 'success') => setAnnouncement({ text, tone });

  const onSwitch = (coupon: Coupon) => {
    announce('');
    setActive.mutate(
      { id: coupon.id, active: !coupon.active },
      {
        onSuccess: (saved) =>
          announce(
            saved.active
              ? `${saved.code} is active: shoppers can apply it again.`
              : `${saved.code} is inactive: shoppers can no longer apply it.`,
          ),
        onError: (error) =>
          announce(
            `${coupon.code} was not ${coupon.active ? 'deactivated' : 'activated'}: ${errorMessage(error, 'please check your internet connection and try again.')}`,
            'warning',
          ),
      },
    );
  };

  const items = coupons.data ?? [];

  return (
    <div className="mx-auto w-full max-w-7xl min-w-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Coupons</h1>
          <p className="mt-1 max-w-3xl text-slate-600">{INTRO[area]}</p>
        </div>
        <button
          ref={newButton}
          type="button"
          aria-expanded={adding}
          aria-controls={adding ? `${ids}-new` : undefined}
          onClick={() => {
            setAdding((open) => !open);
            announce('');
          }}
          className={`${buttonClass('primary')} w-full shrink-0 sm:w-auto`}
        >
          <TicketPercent aria-hidden="true" className="size-4" />
          New coupon
        </button>
      </div>

      {adding && (
        <CouponForm
          area={area}
          id={`${ids}-new`}
          onCreated={(coupon) => {
            setAdding(false);
            announce(`Coupon ${coupon.code} created: ${describeCoupon(coupon)}. It is first in the list.`);
            setFocusCoupon({ id: coupon.id });
          }}
          onCancel={() => {
            setAdding(false);
            newButton.current?.focus();
          }}
        />
      )}

      <Announcer message={announcement.text} tone={announcement.tone} className="mt-4" />

      <div className="mt-4">
        {coupons.isPending ? (
          <Loading label="Loading the coupons…" />
        ) : coupons.isError && !coupons.data ? (
          <LoadError
            what="the coupons"
            message={errorMessage(coupons.error, 'Please check your internet connection and try again.')}
            onRetry={() => void coupons.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState title="No coupons yet">
            {area === 'admin'
              ? 'Coupons appear here as you and the sellers create them.'
              : 'Create a coupon to offer shoppers a discount on your products.'}
          </EmptyState>
        ) : (
          <DataTable
            columns={couponColumns({ area, today, codeId, switching: setActive.isPending ? setActive.variables.id : undefined, onSwitch })}
            rows={items}
            rowId={(coupon) => String(coupon.id)}
            label="Coupons"
          />
        )}
      </div>
    </div>
  );
}
