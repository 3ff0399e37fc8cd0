import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { resolveSlug, slugLocale } from '../../../shared/locales';
import { currentLocale, switchLanguage } from '../../lib/i18n';

/**
 * The optional `:slug` of a landing page (spec "Landing slug": niche prefix plus locale, 'eng' for English). A slug
 * with 'auto' is replaced in the address by the visitor's locale; a slug that names a language shows the page in it
 * (and remembers it, as the language dropdown does). Only for visitors (`active`): a signed-in member is sent on
 * and keeps their language. Returns the slug as it stands.
 */
export function useLanderSlug(active = true): string | undefined {
  const { slug } = useParams();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const locale = currentLocale();

  useEffect(() => {
    if (!slug || !active) return;
    if (slug.includes('auto')) {
      const resolved = resolveSlug(slug, locale);
      const at = pathname.lastIndexOf(slug);
      navigate(`${pathname.slice(0, at)}${resolved}${search}`, { replace: true });
      return;
    }
    const named = slugLocale(slug);
    if (named && named !== locale) void switchLanguage(named);
  }, [slug, active, locale, pathname, search, navigate]);

  return slug;
}
