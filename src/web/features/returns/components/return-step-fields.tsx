import { addDays, indiaDate } from '#shared/india-time.ts';
import { formatPrice } from '#shared/money.ts';
import type { ReturnAction } from '#shared/returns.ts';
import type { ManagedReturn } from '#shared/schemas/returns.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';

/** Today in India, as a date input wants it. */
const todayInIndia = () => indiaDate(new Date());
const inIndia = (days: number) => addDays(todayInIndia(), days);

/** The fields a step asks for: pickup carrier and date, the rejection's reason, restock, or the replacement's shipment. */
export function ReturnStepFields({ open, ret, idPrefix: id }: { open: ReturnAction; ret: ManagedReturn; idPrefix: string }) {
  const cash = ret.paymentMethod === 'cod';
  return (
    <>
      {open === 'approve' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-carrier`} className={labelClassName}>
              Pickup carrier
            </label>
            <input id={`${id}-carrier`} name="carrier" defaultValue="" autoComplete="off" className={controlClassName} />
          </div>
          <div>
            <label htmlFor={`${id}-date`} className={labelClassName}>
              Pickup date
            </label>
            <input
              id={`${id}-date`}
              name="pickupDate"
              type="date"
              defaultValue={todayInIndia()}
              min={todayInIndia()}
              max={inIndia(14)}
              className={controlClassName}
            />
          </div>
        </div>
      )}
      {open === 'reject' && (
        <div>
          <label htmlFor={`${id}-reason`} className={labelClassName}>
            Why the return is rejected
          </label>
          <p id={`${id}-reason-hint`} className="text-sm text-slate-600">
            The customer is mailed this; at least 10 characters.
          </p>
          <textarea
            id={`${id}-reason`}
            name="reason"
            rows={3}
            maxLength={1000}
            aria-describedby={`${id}-reason-hint`}
            className={controlClassName}
          />
        </div>
      )}
      {open === 'receive' && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Can the item be sold again?</legend>
          <div className="mt-2 flex flex-col gap-1 text-sm">
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="restock" value="yes" className="size-4 accent-brand-600" /> Yes: unopened, back to stock
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="restock" value="no" className="size-4 accent-brand-600" /> No: damaged or opened, not back to stock
            </label>
          </div>
          {ret.resolution === 'refund' && (
            <p className="mt-2 text-sm text-slate-700">
              Marking it received refunds {formatPrice(ret.amount)}{' '}
              {cash && ret.payoutTo ? `to the customer’s ${ret.payoutTo}` : 'to the customer’s original payment'} at once, with a GST credit
              note.
            </p>
          )}
        </fieldset>
      )}
      {open === 'ship-replacement' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-ship-carrier`} className={labelClassName}>
              Carrier
            </label>
            <input id={`${id}-ship-carrier`} name="carrier" autoComplete="off" className={controlClassName} />
          </div>
          <div>
            <label htmlFor={`${id}-tracking`} className={labelClassName}>
              Tracking number
            </label>
            <input id={`${id}-tracking`} name="trackingNumber" autoComplete="off" className={controlClassName} />
          </div>
        </div>
      )}
    </>
  );
}
