import { type ReactNode, useId } from 'react';

/** A settings section: a card with an anchor id (for links like /notifications#password) and an h2 heading. */
export function SettingsCard({
  id,
  title,
  icon,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  icon: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      className={`card shadow-sm mb-4 scroll-anchor ${danger ? 'border border-danger-subtle' : 'border-0'}`}
      aria-labelledby={headingId}
      data-testid={`settings-${id}`}
    >
      <div className="card-body p-4">
        <h2 id={headingId} className={`h5 fw-semibold mb-3${danger ? ' text-danger-emphasis' : ''}`}>
          <i className={`bi ${icon} me-2`} aria-hidden="true" />
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
