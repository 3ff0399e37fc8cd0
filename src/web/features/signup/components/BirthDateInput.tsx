import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n';

/**
 * Day / month / year selects: quick on phones, no locale-dependent date parsing. Value is YYYY-MM-DD or ''. The month
 * shows its whole name (styles: .birth-date gives it the room).
 */
export function BirthDateInput({
  value,
  onChange,
  minAge,
  invalid,
  describedBy,
  id,
}: {
  value: string;
  onChange: (v: string) => void;
  minAge: number;
  invalid: boolean;
  describedBy: string | undefined;
  id: string;
}) {
  const { t } = useTranslation('auth');
  const [y = '', m = '', d = ''] = value ? value.split('-') : [];
  const now = new Date().getUTCFullYear();
  const years = Array.from({ length: 100 - minAge + 1 }, (_, i) => String(now - minAge - i));
  const monthName = new Intl.DateTimeFormat(currentLocale(), { month: 'long', timeZone: 'UTC' });
  const set = (part: 'y' | 'm' | 'd', v: string) => {
    const next = { y, m, d, [part]: v };
    onChange(
      next.y && next.m && next.d
        ? `${next.y}-${next.m}-${next.d}`
        : next.y || next.m || next.d
          ? `${next.y}-${next.m}-${next.d}`
          : '',
    );
  };
  const cls = `form-select${invalid ? ' is-invalid' : ''}`;
  return (
    <div className="birth-date" role="group" aria-describedby={describedBy}>
      <select
        id={id}
        className={cls}
        aria-label={t('fields.day')}
        value={d}
        onChange={(e) => set('d', e.target.value)}
        aria-invalid={invalid}
      >
        <option value="">{t('fields.day')}</option>
        {Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')).map((v) => (
          <option key={v} value={v}>
            {Number(v)}
          </option>
        ))}
      </select>
      <select
        className={cls}
        aria-label={t('fields.month')}
        data-testid="birth-month"
        value={m}
        onChange={(e) => set('m', e.target.value)}
        aria-invalid={invalid}
      >
        <option value="">{t('fields.month')}</option>
        {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0')).map((v) => (
          <option key={v} value={v}>
            {monthName.format(new Date(Date.UTC(2000, Number(v) - 1, 1)))}
          </option>
        ))}
      </select>
      <select
        className={`${cls} birth-date-year`}
        aria-label={t('fields.year')}
        value={y}
        onChange={(e) => set('y', e.target.value)}
        aria-invalid={invalid}
      >
        <option value="">{t('fields.year')}</option>
        {years.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}
