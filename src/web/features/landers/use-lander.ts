import { useTranslation } from 'react-i18next';
import { nicheName } from '../../../shared/locales';
import type { ProfileCard } from '../../../shared/schemas/members';
import { useHead } from '../../lib/head';
import { currentLocale } from '../../lib/i18n';
import { useShowcase } from '../landing/api';
import { useSettings } from '../site/api/settings';
import type { BuiltLanderType } from './lander-types';

/**
 * A showcase card as a lander reads it: the public card, plus what a listing may add (`online_recently`, a `bio`
 * snippet). Neither is part of the showcase today, so every lander works without them.
 */
export type LanderCard = ProfileCard & { online_recently?: boolean; bio?: string | null };

/** What every lander needs: the site settings, its niche, the showcase members, and the page title set. */
export function useLander(type: BuiltLanderType) {
  const { t } = useTranslation('landers');
  const settings = useSettings();
  const locale = currentLocale();
  const showcase = useShowcase(locale);
  const profiles: LanderCard[] = showcase.data ?? [];
  useHead({
    title: t(`types.${type}.title`, { siteName: settings.name }),
    siteName: settings.name,
    description: settings.description,
  });
  return { settings, niche: nicheName(settings.niche), locale, profiles, loading: showcase.isPending };
}
