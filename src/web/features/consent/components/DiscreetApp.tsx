import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setDiscreetTitle } from '../../../lib/head';
import { discreetQuery } from '../api/consent';

export const DISCREET_MANIFEST = '/manifest-discreet.webmanifest';
const NORMAL_MANIFEST = '/manifest.webmanifest';
const DISCREET_TOUCH_ICON = '/icons/discreet-192.png';
const NORMAL_TOUCH_ICON = '/icons/icon-192.png';

function setLink(rel: string, href: string): void {
  const el = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (el && el.getAttribute('href') !== href) el.setAttribute('href', href);
}

/**
 * Discreet mode in the browser (issue 23, point 5): while it is on for the signed-in member, the page offers the
 * neutral manifest (name and icon drawn locally; the server writes it: modules/app-manifest) for installing, the neutral
 * touch icon, and the title (which carries the badge count) says the neutral name instead of names and the site.
 */
export function DiscreetApp() {
  const { t, i18n } = useTranslation('consent');
  const discreet = useQuery(discreetQuery).data?.discreet === true;
  const name = t('app_name');
  // The server writes the manifest per site and language (modules/app-manifest); browsers fetch it without cookies.
  const lang = `?lang=${encodeURIComponent(i18n.language)}`;
  useEffect(() => {
    setLink('manifest', `${discreet ? DISCREET_MANIFEST : NORMAL_MANIFEST}${lang}`);
    setLink('apple-touch-icon', discreet ? DISCREET_TOUCH_ICON : NORMAL_TOUCH_ICON);
    setDiscreetTitle(discreet ? name : null);
    return () => {
      setLink('manifest', `${NORMAL_MANIFEST}${lang}`);
      setLink('apple-touch-icon', NORMAL_TOUCH_ICON);
      setDiscreetTitle(null);
    };
  }, [discreet, name, lang]);
  return null;
}
