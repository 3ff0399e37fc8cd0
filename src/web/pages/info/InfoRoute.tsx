import { useSearchParams } from 'react-router';
import { INFO_PAGES } from '../../../shared/routes';
import { useRouteName } from '../../app/route-name';
import { NotFoundPage } from '../error/RouteError';
import { BanStatement } from '../moderation/BanStatement';
import { ComplaintsPage } from '../moderation/ComplaintsPage';
import { InfoPage } from './InfoPage';

/**
 * The info page of the current route name (pages-terms, pages-faq, ...). /complaints is the notice form; the ban
 * page opened with a token (?t=, the login refusal or a decision's mail) shows the statement of reasons first.
 */
export function InfoRoute() {
  const name = useRouteName();
  const [params] = useSearchParams();
  if (!(name in INFO_PAGES)) return <NotFoundPage />;
  if (name === 'complaints') return <ComplaintsPage />;
  const token = name === 'pages-ban' ? params.get('t') : null;
  if (token)
    return (
      <div className="container-lg py-4 py-md-5">
        <div className="row justify-content-center">
          <div className="col-md-10 col-lg-8">
            <BanStatement token={token} />
          </div>
        </div>
      </div>
    );
  return <InfoPage page={INFO_PAGES[name as keyof typeof INFO_PAGES]} />;
}
