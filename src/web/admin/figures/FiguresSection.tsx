import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FiguresDay } from '../../../shared/schemas/admin-figures';
import { ConsolePage } from '../components/ConsolePage';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { BarChart } from './BarChart';
import { type FiguresFilter, figuresQuery, formatMoney } from './figures-api';
import { TrafficTable } from './TrafficTable';

const KEYS = ['site', 'from', 'to'] as const;
const COUNTS = ['signups', 'confirmations', 'first_purchases', 'messages', 'reports'] as const;

/** Figures (issue 22, point 9): per site and day, with totals, a chart of sign-ups, the queues, traffic sources. */
export function FiguresSection() {
  const { t, i18n } = useTranslation('figures');
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as FiguresFilter;
  const figures = useQuery({ ...figuresQuery(filter), placeholderData: keepPreviousData });
  const [draft, setDraft] = useState(filter);
  const data = figures.data;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const money = (revenue: FiguresDay['revenue']) =>
    Object.entries(revenue)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([c, v]) => formatMoney(v, c, i18n.language))
      .join(' · ') || '–';
  const day = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const p = new URLSearchParams();
    for (const k of KEYS) if (draft[k]) p.set(k, draft[k]);
    setParams(p);
  };

  return (
    <ConsolePage title={t('title')}>
      <form className="row g-2 align-items-end mb-3" onSubmit={apply} data-testid="figures-filter">
        <div className="col-12 col-md-4">
          <label className="form-label small" htmlFor="figures-site">
            {t('site')}
          </label>
          <select
            id="figures-site"
            className="form-select"
            value={draft.site}
            onChange={(e) => setDraft({ ...draft, site: e.target.value })}
          >
            <option value="">{t('all_sites')}</option>
            {data?.sites.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name} ({s.domain})
              </option>
            ))}
          </select>
        </div>
        {(['from', 'to'] as const).map((k) => (
          <div className="col-6 col-md-3" key={k}>
            <label className="form-label small" htmlFor={`figures-${k}`}>
              {t(k)}
            </label>
            <input
              id={`figures-${k}`}
              type="date"
              className="form-control"
              value={draft[k] || data?.period[k] || ''}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
            />
          </div>
        ))}
        <div className="col-12 col-md-2 d-grid">
          <button type="submit" className="btn btn-primary" data-testid="figures-apply">
            {t('show')}
          </button>
        </div>
      </form>
      <ErrorAlert error={figures.error} />
      {figures.isPending ? (
        <ConsoleSpinner />
      ) : data ? (
        <>
          <div className="row g-3 mb-3">
            <div className="col-12 col-lg-8">
              <div className="card h-100">
                <div className="card-body">
                  <BarChart
                    title={t('chart_title')}
                    bars={data.days.map((d) => ({
                      label: d.day.slice(8),
                      value: d.signups,
                      hint: `${day(d.day)}: ${t('signups')} ${number(d.signups)}`,
                    }))}
                  />
                </div>
              </div>
            </div>
            <div className="col-12 col-lg-4">
              <div className="card h-100" data-testid="figures-queues">
                <div className="card-body">
                  <h2 className="h6">{t('queues')}</h2>
                  <p className="mb-1">
                    <i className="bi bi-images me-2" aria-hidden="true" />
                    {t('queue_photos', { count: data.queues.photos })}
                  </p>
                  <p className="mb-0">
                    <i className="bi bi-flag me-2" aria-hidden="true" />
                    {t('queue_reports', { count: data.queues.reports })}
                  </p>
                </div>
              </div>
            </div>
          </div>
          <div className="table-responsive mb-4">
            <table className="table table-sm align-middle" data-testid="figures-table">
              <caption className="small">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('day')}</th>
                  {COUNTS.map((c) => (
                    <th scope="col" className="text-end" key={c}>
                      {t(c)}
                    </th>
                  ))}
                  <th scope="col" className="text-end">
                    {t('revenue')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row" className="fw-normal text-nowrap">
                      {day(d.day)}
                    </th>
                    {COUNTS.map((c) => (
                      <td className="text-end" key={c}>
                        {number(d[c])}
                      </td>
                    ))}
                    <td className="text-end text-nowrap">{money(d.revenue)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="fw-semibold" data-testid="figures-totals">
                  <th scope="row">{t('total')}</th>
                  {COUNTS.map((c) => (
                    <td className="text-end" key={c}>
                      {number(data.totals[c])}
                    </td>
                  ))}
                  <td className="text-end text-nowrap">{money(data.totals.revenue)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <TrafficTable filter={filter} />
        </>
      ) : null}
    </ConsolePage>
  );
}
