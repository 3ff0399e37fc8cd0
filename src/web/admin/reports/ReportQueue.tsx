import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { ReportCard } from './ReportCard';
import { reportsQuery } from './reports-api';

/** The open notices, oldest first, one card each; a handled notice leaves the list. */
export function ReportQueue() {
  const { t } = useTranslation('reports');
  const [page, setPage] = useState(1);
  const queue = useQuery(reportsQuery(page));
  const [done, setDone] = useState<string>('');
  if (queue.isPending) return <ConsoleSpinner />;
  if (queue.isError) return <ErrorAlert error={queue.error} ns="reports" />;
  const { reports, total, page_size } = queue.data;
  const pages = Math.max(1, Math.ceil(total / page_size));
  return (
    <div>
      <p className="text-body-secondary" data-testid="reports-total">
        {t('open', { count: total })}
      </p>
      <div aria-live="polite" className="visually-hidden-focusable">
        {done}
      </div>
      {done && (
        <div className="alert alert-success py-2" role="status" data-testid="report-done">
          {done}
        </div>
      )}
      {reports.length === 0 ? (
        <p data-testid="reports-empty">{t('empty')}</p>
      ) : (
        reports.map((r) => (
          <ReportCard
            key={r.id}
            report={r}
            onHandled={(text) => {
              setDone(text);
              void queue.refetch();
            }}
          />
        ))
      )}
      {pages > 1 && (
        <div className="d-flex gap-2 align-items-center">
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('previous')}
          </Button>
          <span>{t('page', { page, pages })}</span>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('next')}
          </Button>
        </div>
      )}
    </div>
  );
}
