import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/BusyButton';

/** A profile section: a card with an anchor id, an h2 heading and, when the site wants it, the visibility note. */
export function ProfileSection({
  id,
  title,
  icon,
  note,
  children,
}: {
  id: string;
  title: string;
  icon: string;
  /** the "visible to other members" note under the section (text, or false for none) */
  note?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      className="card border-0 shadow-sm mb-4 scroll-anchor"
      aria-labelledby={headingId}
      data-testid={`profile-${id}`}
    >
      <div className="card-body p-4">
        <h2 id={headingId} className="h5 fw-semibold mb-3">
          <i className={`bi ${icon} me-2`} aria-hidden="true" />
          {title}
        </h2>
        {children}
        {note && (
          <p className="small text-body-secondary mt-3 mb-0" data-testid={`profile-${id}-note`}>
            <i className="bi bi-eye me-2" aria-hidden="true" />
            {note}
          </p>
        )}
      </div>
    </section>
  );
}

/** A section's save button with its spinner and the saved confirmation. */
export function SectionSave({ id, pending, saved }: { id: string; pending: boolean; saved: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <div className="d-flex flex-wrap align-items-center gap-3">
      <BusyButton
        type="submit"
        className="btn btn-primary rounded-pill px-4"
        busy={pending}
        data-testid={`profile-${id}-save`}
      >
        {t('save')}
      </BusyButton>
      <span role="status" className="small text-success-emphasis">
        {saved && (
          <span data-testid={`profile-${id}-saved`}>
            <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
            {t('saved')}
          </span>
        )}
      </span>
    </div>
  );
}
