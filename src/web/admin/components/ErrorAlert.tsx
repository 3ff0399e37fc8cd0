import { useTranslation } from 'react-i18next';
import { errorText } from '../admin-api';

/** A failed call's message, translated (see errorText); nothing when there is no error. */
export function ErrorAlert({ error, ns, testId }: { error: unknown; ns?: string; testId?: string }) {
  const { t } = useTranslation(ns ? [ns, 'console'] : 'console');
  if (!error) return null;
  return (
    <div className="alert alert-danger" role="alert" data-testid={testId ?? 'console-error'}>
      {errorText(t, error, ns)}
    </div>
  );
}
