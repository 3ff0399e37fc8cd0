import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import type { PricingCountry } from '../../../shared/schemas/admin-catalogue';
import { fieldError } from '../components/form-errors';

/** A price row while typing: the amount as typed in the currency's major unit. */
export interface PriceDraft {
  country: string;
  currency: string;
  amount: string;
  vat_rate_bp: number;
}

/** The bundle's price per country: one row each, in the country's currency, VAT included. */
export function PriceRows({
  rows,
  onChange,
  countries,
  error,
}: {
  rows: PriceDraft[];
  onChange: (rows: PriceDraft[]) => void;
  countries: readonly PricingCountry[];
  error: unknown;
}) {
  const { t, i18n } = useTranslation('catalogue');
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const unused = countries.filter((c) => !rows.some((r) => r.country === c.country));
  const put = (i: number, row: Partial<PriceDraft>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...row } : r)));
  return (
    <fieldset className="col-12" data-testid="bundle-prices">
      <legend className="fs-6 mb-2">{t('bundle.prices')}</legend>
      {rows.map((r, i) => {
        const err = ['country', 'currency', 'amount_minor', 'vat_rate_bp']
          .map((f) => fieldError(error, `prices.${i}.${f}`))
          .find(Boolean);
        return (
          <div key={r.country} className="row g-2 align-items-center mb-2" data-testid={`price-${r.country}`}>
            <div className="col-12 col-sm-4 small fw-semibold">
              {regions.of(r.country) ?? r.country} <span className="text-body-secondary">({r.currency})</span>
            </div>
            <div className="col-6 col-sm-3">
              <Form.Control
                aria-label={t('bundle.amount_in', {
                  country: regions.of(r.country) ?? r.country,
                  currency: r.currency,
                })}
                inputMode="decimal"
                value={r.amount}
                onChange={(e) => put(i, { amount: e.target.value })}
                isInvalid={!!err}
                data-testid={`price-amount-${r.country}`}
              />
            </div>
            <div className="col-4 col-sm-3">
              <InputGroup>
                <Form.Control
                  aria-label={t('bundle.vat_in', { country: regions.of(r.country) ?? r.country })}
                  type="number"
                  step="0.01"
                  value={r.vat_rate_bp / 100}
                  onChange={(e) => put(i, { vat_rate_bp: Math.round(Number(e.target.value) * 100) })}
                />
                <InputGroup.Text aria-hidden="true">%</InputGroup.Text>
              </InputGroup>
            </div>
            <div className="col-2 col-sm-2 text-end">
              <button
                type="button"
                className="btn btn-link btn-sm text-danger"
                aria-label={t('bundle.remove_price', { country: regions.of(r.country) ?? r.country })}
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
              >
                <i className="bi bi-x-lg" aria-hidden="true" />
              </button>
            </div>
            {err && (
              <div className="col-12 invalid-feedback d-block" data-testid={`price-error-${r.country}`}>
                {err}
              </div>
            )}
          </div>
        );
      })}
      {unused.length > 0 && (
        <Form.Select
          aria-label={t('bundle.add_price')}
          value=""
          onChange={(e) => {
            const c = countries.find((x) => x.country === e.target.value);
            if (c)
              onChange([
                ...rows,
                { country: c.country, currency: c.currency, amount: '', vat_rate_bp: c.vat_rate_bp },
              ]);
          }}
          className="w-auto"
          data-testid="price-add"
        >
          <option value="">{t('bundle.add_price')}</option>
          {unused.map((c) => (
            <option key={c.country} value={c.country}>
              {regions.of(c.country) ?? c.country} ({c.currency})
            </option>
          ))}
        </Form.Select>
      )}
      <Form.Text className="d-block">{t('bundle.prices_help')}</Form.Text>
    </fieldset>
  );
}
