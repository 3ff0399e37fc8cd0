import Nav from 'react-bootstrap/Nav';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes } from 'react-router';
import { ConsolePage } from '../components/ConsolePage';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { NotFoundPage } from '../components/StatusPages';
import { roleAllows } from '../roles';
import { useStaff } from '../session';
import { AppealsPanel } from './AppealsPanel';
import { ReportQueue } from './ReportQueue';
import { useModerationTexts } from './reports-api';
import { TransparencyPanel } from './TransparencyPanel';
import './reports.scss';

/** The notices section (/admin/reports): the queue, the appeals and (admins) the transparency export. */
export function ReportsSection() {
  const { t } = useTranslation('reports');
  const staff = useStaff();
  const ready = useModerationTexts();
  const admin = roleAllows(staff.role, 'admin');
  return (
    <ConsolePage title={t('title')}>
      <Nav variant="tabs" className="mb-3" as="ul">
        <Nav.Item as="li">
          <Nav.Link as={NavLink} to="/admin/reports" end>
            {t('tabs.queue')}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item as="li">
          <Nav.Link as={NavLink} to="/admin/reports/appeals">
            {t('tabs.appeals')}
          </Nav.Link>
        </Nav.Item>
        {admin && (
          <Nav.Item as="li">
            <Nav.Link as={NavLink} to="/admin/reports/transparency">
              {t('tabs.transparency')}
            </Nav.Link>
          </Nav.Item>
        )}
      </Nav>
      {!ready ? (
        <ConsoleSpinner />
      ) : (
        <Routes>
          <Route index element={<ReportQueue />} />
          <Route path="appeals" element={<AppealsPanel />} />
          {admin && <Route path="transparency" element={<TransparencyPanel />} />}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      )}
    </ConsolePage>
  );
}
