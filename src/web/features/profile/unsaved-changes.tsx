import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

type Report = (id: string, unsaved: boolean) => void;

const UnsavedContext = createContext<Report | null>(null);

/**
 * Guards a page of forms against losing edits: while any part reported unsaved changes (useReportUnsaved), leaving
 * the page inside the app asks first (react-router's blocker, a translated dialog), and closing or reloading the tab
 * gets the browser's own question (beforeunload; browsers show their own text there).
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('profile');
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((id, value) => {
    setUnsaved((prev) => {
      if (prev.has(id) === value) return prev;
      const next = new Set(prev);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const any = unsaved.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => any && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!any) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [any]);
  const blocked = blocker.state === 'blocked';
  return (
    <UnsavedContext.Provider value={report}>
      {children}
      <Modal
        show={blocked}
        onHide={() => blocker.reset?.()}
        centered
        aria-labelledby="unsaved-title"
        data-testid="unsaved-dialog"
      >
        <Modal.Header closeButton>
          <Modal.Title id="unsaved-title" as="h2" className="h5 fw-semibold">
            {t('unsaved.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t('unsaved.text')}</p>
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-outline-danger"
            onClick={() => blocker.proceed?.()}
            data-testid="unsaved-leave"
          >
            {t('unsaved.leave')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => blocker.reset?.()}
            data-testid="unsaved-stay"
          >
            {t('unsaved.stay')}
          </button>
        </Modal.Footer>
      </Modal>
    </UnsavedContext.Provider>
  );
}

/** Tells the page's UnsavedChangesGuard whether part `id` has edits that are not saved. */
export function useReportUnsaved(id: string, unsaved: boolean): void {
  const report = useContext(UnsavedContext);
  useEffect(() => {
    report?.(id, unsaved);
  }, [report, id, unsaved]);
  useEffect(() => () => report?.(id, false), [report, id]);
}
