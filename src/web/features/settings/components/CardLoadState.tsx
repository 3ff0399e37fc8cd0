import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryButton } from '../../../components/ui/RetryButton';

/** What CardLoadState needs of a react-query result. */
interface LoadingQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The body of a settings card that loads its data: a spinner while it loads, the error with a retry when it fails,
 * and otherwise `children` with the data.
 */
export function CardLoadState<T>({
  query,
  errorText,
  retryLabel,
  errorTestId,
  children,
}: {
  query: LoadingQuery<T>;
  errorText: string;
  retryLabel: string;
  errorTestId: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('common');
  if (query.isPending) {
    return (
      <div className="d-flex justify-content-center py-3" role="status">
        <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div data-testid={errorTestId}>
        <p className="small text-danger-emphasis" role="alert">
          <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
          {errorText}
        </p>
        <RetryButton
          variant="outline"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
          label={retryLabel}
        />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
