import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../components/LanguageSelect';

/** The frame of the screens before a session (sign-in, invitation): a centred card, the language below it. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('console');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('title')}`;
  }, [title, t]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <main className="console-auth d-flex flex-column align-items-center justify-content-center px-3 py-5">
      <div className="console-brand console-auth-brand mb-3">
        <i className="bi bi-shield-lock me-2" aria-hidden="true" />
        {t('title')}
      </div>
      <div className="card console-auth-card shadow-sm w-100">
        <div className="card-body p-4">
          <h1 ref={heading} tabIndex={-1} className="h4 mb-3 console-page-title">
            {title}
          </h1>
          {children}
        </div>
      </div>
      <LanguageSelect id="console-auth-language" className="console-auth-language mt-3" />
    </main>
  );
}
