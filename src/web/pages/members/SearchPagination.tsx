import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Links to the pages of a search, keeping its filters. */
export function Pagination({
  page,
  pages,
  params,
}: {
  page: number;
  pages: number;
  params: URLSearchParams;
}) {
  const { t } = useTranslation('members');
  const href = (n: number) => {
    const next = new URLSearchParams(params);
    if (n <= 1) next.delete('page');
    else next.set('page', String(n));
    const search = next.toString();
    return { search: search ? `?${search}` : '' };
  };
  return (
    <nav
      aria-label={t('search.pagination')}
      className="d-flex flex-wrap justify-content-center align-items-center gap-3 mt-4"
      data-testid="members-pagination"
    >
      {page > 1 && (
        <Link
          to={href(page - 1)}
          className="btn btn-outline-primary rounded-pill px-3"
          rel="prev"
          data-testid="members-page-previous"
        >
          <i className="bi bi-chevron-left me-1" aria-hidden="true" />
          {t('search.previous')}
        </Link>
      )}
      <span className="small text-body-secondary" aria-current="page" data-testid="members-page-of">
        {t('search.page_of', { page, pages })}
      </span>
      {page < pages && (
        <Link
          to={href(page + 1)}
          className="btn btn-outline-primary rounded-pill px-3"
          rel="next"
          data-testid="members-page-next"
        >
          {t('search.next')}
          <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
        </Link>
      )}
    </nav>
  );
}
