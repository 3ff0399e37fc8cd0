import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The transparency export (admins): a period, and the CSV of its figures (GET /api/admin/transparency.csv). */
export function TransparencyPanel() {
  const { t } = useTranslation('reports');
  const now = new Date();
  const [from, setFrom] = useState(day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, 1))));
  const [to, setTo] = useState(day(now));
  const valid = from <= to;
  return (
    <div>
      <p>{t('transparency_intro')}</p>
      <div className="row g-2 align-items-end console-narrow-form">
        <Form.Group className="col-6" controlId="transparency-from">
          <Form.Label>{t('from')}</Form.Label>
          <Form.Control type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Form.Group>
        <Form.Group className="col-6" controlId="transparency-to">
          <Form.Label>{t('to')}</Form.Label>
          <Form.Control type="date" value={to} isInvalid={!valid} onChange={(e) => setTo(e.target.value)} />
        </Form.Group>
      </div>
      <a
        className={`btn btn-primary mt-3${valid ? '' : ' disabled'}`}
        aria-disabled={!valid}
        href={`/api/admin/transparency.csv?from=${from}&to=${to}`}
        download
      >
        {t('download')}
      </a>
    </div>
  );
}
