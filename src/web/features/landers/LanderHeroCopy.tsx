import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nicheName } from '../../../shared/locales';
import { useSettings } from '../site/api/settings';
import { LanderCta } from './LanderCta';
import type { BuiltLanderType } from './lander-types';

/**
 * The copy of a lander's hero: a kicker (the niche's, unless given), the page's h1 and lead (`types.<type>.title`
 * and `.subtitle`), and the call to action. `children` follow the call to action.
 */
export function LanderHeroCopy({
  type,
  kicker,
  tone = 'light',
  center = false,
  children,
}: {
  type: BuiltLanderType;
  kicker?: ReactNode;
  tone?: 'light' | 'primary';
  center?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('landers');
  const settings = useSettings();
  const values = { siteName: settings.name };
  return (
    <div className={`hero-copy lander-copy${center ? ' lander-copy-center text-center mx-auto' : ''}`}>
      <p className="hero-kicker text-uppercase fw-semibold small mb-2">
        {kicker ?? t(`common:landing.${nicheName(settings.niche)}.kicker`)}
      </p>
      <h1 className="lander-title fw-bold mb-3">{t(`types.${type}.title`, values)}</h1>
      <p className="lead mb-4">{t(`types.${type}.subtitle`, values)}</p>
      <LanderCta tone={tone} center={center} />
      {children}
    </div>
  );
}
