import { useId } from 'react';
import { PERIODS, type Period } from '../api/vendor-shop.ts';
import { controlClassName } from '#web/components/ui/field.tsx';

export function periodLabel(days: number): string {
  return `Last ${days} days`;
}

function isPeriod(value: number): value is Period {
  return (PERIODS as readonly number[]).includes(value);
}

interface PeriodSelectProps {
  value: Period;
  onChange: (days: Period) => void;
  label?: string;
}

/** Last 7, 30 or 90 days, as a labelled select. */
export function PeriodSelect({ value, onChange, label = 'Period' }: PeriodSelectProps) {
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
          const days = Number(event.target.value);
          if (isPeriod(days)) onChange(days);
        }}
        className={`${controlClassName} w-auto`}
      >
        {PERIODS.map((days) => (
          <option key={days} value={days}>
            {periodLabel(days)}
          </option>
        ))}
      </select>
    </div>
  );
}
