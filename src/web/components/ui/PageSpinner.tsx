import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RULES } from '../../../shared/rules';

/**
 * The spinner of a screen waiting for its data. It shows only once the wait passes the data-fetch minimum delay
 * (RULES.fetch.minimumDelayMs, 200 ms), so a quick answer never flashes a spinner; screen readers hear "Loading…" at
 * once. The delay reaches the stylesheet as a custom property, through the CSSOM (no inline styles).
 */
export function PageSpinner() {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.style.setProperty('--spinner-delay', `${RULES.fetch.minimumDelayMs}ms`);
  }, []);
  return (
    <div
      ref={box}
      className="page-spinner d-flex justify-content-center align-items-center py-5"
      role="status"
    >
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
