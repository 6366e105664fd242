import type { ReactNode } from 'react';

/** An amount or a date: read whole, so never broken across lines as a long e-mail address may be. */
const WHOLE = /^[-−]?£[\d,.]+$|^\d{2}-\d{2}-\d{4}$/;

/** Label and value pairs as the console shows a record's facts (`staff-figures`). */
export function Figures({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <dl className="staff-figures" aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd className={typeof value === 'string' && WHOLE.test(value) ? 'staff-figures__whole' : undefined}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
