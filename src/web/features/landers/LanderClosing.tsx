import { useTranslation } from 'react-i18next';
import { LanderCta } from './LanderCta';

/** The closing band of a lander: one more invitation and the call to action (also all there is without members). */
export function LanderClosing({ empty = false, className = '' }: { empty?: boolean; className?: string }) {
  const { t } = useTranslation('landers');
  return (
    <section className={`lander-closing py-5 ${className}`.trim()} aria-labelledby="lander-closing-title">
      <div className="container-lg">
        <div className="lander-closing-box text-center mx-auto">
          <span className="lander-closing-icon" aria-hidden="true">
            <i className="bi bi-hearts" />
          </span>
          <h2 id="lander-closing-title" className="h3 fw-bold mt-3 mb-2">
            {t('types.closing_title')}
          </h2>
          <p className="text-body-secondary mb-4">{t(empty ? 'types.empty_text' : 'types.closing_text')}</p>
          <LanderCta tone="primary" center login={false} note={false} testId="lander-closing-cta" />
        </div>
      </div>
    </section>
  );
}
