import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A console screen: its heading (focused when the screen opens, so keyboard and screen-reader users start there),
 * the document title "<title> · Console", optional actions beside the heading, then the content.
 */
export function ConsolePage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('console');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('title')}`;
  }, [title, t]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="console-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 ref={heading} tabIndex={-1} className="h3 mb-0 me-auto console-page-title">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
