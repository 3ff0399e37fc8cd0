import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { type FiguresFilter, trafficCsvUrl, trafficQuery } from './figures-api';

const SOURCE = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
const COUNTS = ['visits', 'signups', 'confirmations', 'first_purchases'] as const;

/** The traffic-source report of the chosen site and period, with its CSV download. */
export function TrafficTable({ filter }: { filter: FiguresFilter }) {
  const { t, i18n } = useTranslation('figures');
  const traffic = useQuery(trafficQuery(filter));
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <section aria-labelledby="figures-traffic">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="figures-traffic" className="h5 mb-0 me-auto">
          {t('traffic_title')}
        </h2>
        <a
          className="btn btn-outline-dark btn-sm"
          href={trafficCsvUrl(filter)}
          download
          data-testid="figures-csv"
        >
          <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
          {t('csv')}
        </a>
      </div>
      <ErrorAlert error={traffic.error} />
      {traffic.isPending ? (
        <ConsoleSpinner />
      ) : traffic.data && traffic.data.rows.length === 0 ? (
        <p className="text-body-secondary">{t('traffic_empty')}</p>
      ) : traffic.data ? (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="figures-traffic-table">
            <thead>
              <tr>
                {SOURCE.map((k) => (
                  <th scope="col" key={k}>
                    {t(k)}
                  </th>
                ))}
                {COUNTS.map((k) => (
                  <th scope="col" className="text-end" key={k}>
                    {t(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {traffic.data.rows.map((r) => (
                <tr key={SOURCE.map((k) => r[k]).join('\u0000')}>
                  {SOURCE.map((k) => (
                    <td key={k} className="text-break">
                      {r[k] || (
                        <span className="text-body-secondary">{k === 'network' ? t('no_source') : '–'}</span>
                      )}
                    </td>
                  ))}
                  {COUNTS.map((k) => (
                    <td className="text-end" key={k}>
                      {number(r[k])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
