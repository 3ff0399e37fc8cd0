import { useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { sectionNamespaces } from '../sections';
import { ConsoleNav } from './ConsoleNav';
import { StaffPanel } from './StaffPanel';

/**
 * The console's frame: on a laptop a sidebar (navigation, then who is signed in, the language and sign-out) beside
 * the page; below the lg breakpoint a top bar whose menu button opens the same sidebar as an offcanvas.
 */
export function ConsoleLayout() {
  const { t } = useTranslation(['console', ...sectionNamespaces()]);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div className="console d-lg-flex">
      <a href="#console-main" className="visually-hidden-focusable skip-link">
        {t('console:skip_to_content')}
      </a>
      <header className="console-topbar navbar navbar-dark d-lg-none px-3">
        <Link to="/admin" className="navbar-brand console-brand">
          <i className="bi bi-shield-lock me-2" aria-hidden="true" />
          {t('console:title')}
        </Link>
        <button
          type="button"
          className="btn btn-outline-light btn-sm"
          onClick={() => setOpen(true)}
          aria-controls="console-sidebar"
          aria-expanded={open}
          data-testid="console-menu"
        >
          <i className="bi bi-list me-1" aria-hidden="true" />
          {t('console:nav.menu')}
        </button>
      </header>
      <div className="console-sidebar-wrap">
        <Offcanvas
          id="console-sidebar"
          responsive="lg"
          show={open}
          onHide={close}
          className="console-sidebar"
          aria-labelledby="console-sidebar-title"
        >
          <Offcanvas.Header closeButton closeVariant="white" closeLabel={t('console:nav.close')}>
            <Offcanvas.Title id="console-sidebar-title" as="div" className="console-brand">
              <i className="bi bi-shield-lock me-2" aria-hidden="true" />
              {t('console:title')}
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body className="d-flex flex-column">
            <Link to="/admin" className="console-brand d-none d-lg-block mb-4" onClick={close}>
              <i className="bi bi-shield-lock me-2" aria-hidden="true" />
              {t('console:title')}
            </Link>
            <ConsoleNav onNavigate={close} />
            <StaffPanel onNavigate={close} />
          </Offcanvas.Body>
        </Offcanvas>
      </div>
      <main id="console-main" className="console-main flex-grow-1 min-w-0">
        <Outlet />
      </main>
    </div>
  );
}
