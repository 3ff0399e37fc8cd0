import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { ConsolePage } from '../components/ConsolePage';
import { NotFoundPage } from '../components/StatusPages';
import { ProfileEditor } from './ProfileEditor';
import { ProfileList } from './ProfileList';

/**
 * The profiles section (/admin/profiles, moderators): fictional, cam and resell profiles the network keeps. The list
 * with filters, a new profile at new, one profile at :id (form, photos, preview). docs/decisions.md "Cam section".
 */
export function ProfilesSection() {
  const { t } = useTranslation('profiles');
  return (
    <ConsolePage title={t('title')}>
      <Routes>
        <Route index element={<ProfileList />} />
        <Route path="new" element={<ProfileEditor />} />
        <Route path=":id" element={<ProfileEditor />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </ConsolePage>
  );
}
