import { INFO_PAGES } from '../../../shared/routes';
import { useRouteName } from '../../app/route-name';
import { NotFoundPage } from '../error/RouteError';
import { InfoPage } from './InfoPage';

/** The info page of the current route name (pages-terms, pages-faq, complaints, ...). */
export function InfoRoute() {
  const name = useRouteName();
  if (!(name in INFO_PAGES)) return <NotFoundPage />;
  return <InfoPage page={INFO_PAGES[name as keyof typeof INFO_PAGES]} />;
}
