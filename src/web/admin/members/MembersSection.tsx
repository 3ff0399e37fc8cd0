import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../components/StatusPages';
import { MemberDetailPage } from './MemberDetailPage';
import { MemberSearchPage } from './MemberSearchPage';

/** The members section (/admin/members): the search, and one member at /admin/members/<id>. */
export function MembersSection() {
  return (
    <Routes>
      <Route index element={<MemberSearchPage />} />
      <Route path=":id" element={<MemberDetailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
