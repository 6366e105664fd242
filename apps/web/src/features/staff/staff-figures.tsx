import type { ReactNode } from 'react';

/** Label and value pairs as the console shows a record's facts (`staff-figures`). */
export function Figures({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <dl className="staff-figures" aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
