import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsolePage } from '../components/ConsolePage';
import { sectionNamespaces, sectionsFor } from '../sections';
import { useStaff } from '../session';

/** The console's landing: every section the signed-in role may use, with what it is for. */
export function HomePage() {
  const { t } = useTranslation(['console', ...sectionNamespaces()]);
  const staff = useStaff();
  const sections = sectionsFor(staff.role);
  return (
    <ConsolePage title={t('console:home.title', { name: staff.name })}>
      <p className="text-body-secondary">{t('console:home.intro')}</p>
      <ul className="row list-unstyled g-3" data-testid="console-home-sections">
        {sections.map((s) => (
          <li key={s.id} className="col-12 col-md-6 col-xl-4">
            <Link to={`/admin/${s.path}`} className="card h-100 console-section-card text-decoration-none">
              <div className="card-body d-flex gap-3">
                <i className={`bi bi-${s.icon} console-section-icon`} aria-hidden="true" />
                <div>
                  <h2 className="h6 card-title mb-1">{t(s.labelKey)}</h2>
                  <p className="card-text small text-body-secondary mb-0">{t(s.descriptionKey)}</p>
                </div>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </ConsolePage>
  );
}
