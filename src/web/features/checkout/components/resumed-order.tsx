import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Order } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';

/**
 * In place of the checkout while an order awaiting payment (paid again after a failed bank page,
 * say) loads, cannot be loaded, or no longer needs paying: then a link to where it is seen.
 */
export function ResumedOrder({
  resumed,
  optionsPending,
  orderPath,
}: {
  resumed: UseQueryResult<Order>;
  optionsPending: boolean;
  orderPath: (order: Order) => string;
}) {
  if (resumed.isPending || optionsPending) return <Loading label="Loading your order…" />;
  if (resumed.isError)
    return (
      <p role="alert" className="text-red-800">
        {resumed.error.message}
      </p>
    );
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="font-semibold">
        Order {resumed.data.number} is {resumed.data.displayStatus.toLowerCase()}; there is nothing to pay.
      </p>
      <Link to={orderPath(resumed.data)} className={`${buttonClass('secondary')} mt-3`}>
        View the order
      </Link>
    </div>
  );
}
