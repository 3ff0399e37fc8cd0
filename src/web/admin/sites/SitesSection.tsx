import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../components/StatusPages';
import { SiteEditPage } from './SiteEditPage';
import { SitesListPage } from './SitesListPage';

/** The sites section (/admin/sites, admins): the list, a new site at /new and one site at /<id>. */
export function SitesSection() {
  return (
    <Routes>
      <Route index element={<SitesListPage />} />
      <Route path=":id" element={<SiteEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
