import { emiQuote } from '#shared/emi.ts';
import { formatPrice } from '#shared/money.ts';
import type { CheckoutOptions } from '#shared/schemas/orders.ts';

/** The card EMI tenures with their monthly amount and interest on what the card pays; the legend takes the focus on an error. */
export function EmiPlans({
  id,
  plans,
  due,
  months,
  error,
  onChoose,
}: {
  id: string;
  plans: CheckoutOptions['emi']['plans'];
  /** what the card pays, after a bank offer */
  due: number;
  months: number | undefined;
  error: string | undefined;
  onChoose: (months: number) => void;
}) {
  return (
    <fieldset>
      <legend id={`${id}-months`} tabIndex={-1} className="text-sm font-medium text-slate-900">
        Choose a tenure
      </legend>
      <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Tenure
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Monthly
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Interest
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => {
              const quote = emiQuote(due, plan);
              return (
                <tr key={plan.months} className="border-t border-slate-100">
                  <td className="px-3 py-2">
                    <label className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <input
                        type="radio"
                        name={`${id}-tenure`}
                        checked={months === plan.months}
                        onChange={() => onChoose(plan.months)}
                        className="accent-brand-600"
                      />
                      {plan.months} months
                      {plan.noCost && (
                        <span className="rounded bg-emerald-100 px-1.5 text-xs font-semibold whitespace-nowrap text-emerald-800">
                          No-cost
                        </span>
                      )}
                    </label>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{formatPrice(quote.monthly)}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {quote.interest === 0 ? '₹0' : formatPrice(quote.interest)}
                    <span className="block text-xs text-slate-500">{plan.annualRatePercent}% p.a.</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error && <p className="mt-1 text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  );
}
