import i18next from 'i18next';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface ErrorViewProps {
  statusCode?: number;
  message?: string;
}

/** The error page: the message; for 404 the spec's text and a link back to the home page. */
export function ErrorView({ statusCode = 500, message }: ErrorViewProps) {
  const { t } = useTranslation();
  const is404 = statusCode === 404;
  const text = is404 ? t('error.not_found') : (message ?? t('error.default'));
  return (
    <section className="container-lg py-5 text-center error-view" data-testid="error-page">
      <p className="display-1 fw-bold text-primary mb-2" aria-hidden="true">
        {statusCode}
      </p>
      <h1 className="h3 mb-3">{text}</h1>
      {!is404 && <p className="text-body-secondary">{t('error.try_again')}</p>}
      <Link to="/" className="btn btn-primary rounded-pill px-4 mt-2">
        {t('error.back_home')}
      </Link>
    </section>
  );
}

/** When the error page itself fails: a plain message and a way home, with no dependency that could fail again. */
export class SafeErrorView extends Component<ErrorViewProps & { children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed)
      return <ErrorView statusCode={this.props.statusCode} message={this.props.message} />;
    const t = (key: string, fallback: string) => {
      try {
        return i18next.t(key, { defaultValue: fallback });
      } catch {
        return fallback;
      }
    };
    return (
      <section className="container py-5 text-center" data-testid="error-page-failed">
        <h1 className="h4">{t('error.page_failed', 'An error occurred while showing the error page')}</h1>
        <a href="/">{t('error.go_home', 'Go back to home')}</a>
      </section>
    );
  }
}
