import type { ReactNode } from 'react';

/** A list of labelled facts (a definition list, two columns from md up). */
export function Facts({ rows, testId }: { rows: [string, ReactNode][]; testId?: string }) {
  return (
    <dl className="row mb-0 small" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className="col-12 col-md-6 d-flex border-bottom py-2">
          <dt className="fw-semibold me-2 text-body-secondary console-fact-label">{label}</dt>
          <dd className="mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
