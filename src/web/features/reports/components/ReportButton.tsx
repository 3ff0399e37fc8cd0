import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportModal, type ReportModalProps } from './ReportModal';

/** A "Report" button (an icon in the chat header, a quiet link on the profile) with its modal. */
export function ReportButton({
  member,
  source,
  onDone,
  className = '',
}: Pick<ReportModalProps, 'member' | 'source' | 'onDone'> & { className?: string }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  return (
    <>
      {source === 'chat' ? (
        <button
          type="button"
          className={`btn btn-link text-body-secondary px-1 ${className}`}
          onClick={() => setOpen(true)}
          aria-label={t('title', { name: member.name })}
          title={t('title', { name: member.name })}
          data-testid="report-open"
        >
          <i className="bi bi-flag fs-5" aria-hidden="true" />
        </button>
      ) : (
        <button
          type="button"
          className={`btn btn-link btn-sm text-body-secondary ${className}`}
          onClick={() => setOpen(true)}
          data-testid="report-open"
        >
          <i className="bi bi-flag me-1" aria-hidden="true" />
          {t('open')}
        </button>
      )}
      <ReportModal
        show={open}
        onHide={() => setOpen(false)}
        member={member}
        source={source}
        onDone={onDone}
      />
    </>
  );
}
