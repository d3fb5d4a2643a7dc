import { useId } from 'react';
import { controlClassName } from './field.tsx';

/** "Last 30 days" */
export function periodLabel(days: number): string {
  return `Last ${days} days`;
}

interface PeriodSelectProps<P extends number> {
  /** the periods offered, in days */
  periods: readonly P[];
  value: P;
  onChange: (days: P) => void;
  label?: string;
}

/** The period a report covers ("Last 7 days", "Last 30 days"…), as a labelled select. */
export function PeriodSelect<P extends number>({ periods, value, onChange, label = 'Period' }: PeriodSelectProps<P>) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const days = periods.find((period) => period === Number(event.target.value));
          if (days !== undefined) onChange(days);
        }}
        className={`${controlClassName} w-auto`}
      >
        {periods.map((days) => (
          <option key={days} value={days}>
            {periodLabel(days)}
          </option>
        ))}
      </select>
    </div>
  );
}
