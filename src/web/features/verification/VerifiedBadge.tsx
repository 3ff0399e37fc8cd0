import { useTranslation } from 'react-i18next';

/** The verified badge beside a member's name (the member proved their face with a selfie, issue 21). */
export function VerifiedBadge({ className = 'ms-1' }: { className?: string }) {
  const { t } = useTranslation('verification');
  return (
    <i
      role="img"
      className={`bi bi-patch-check-fill text-primary ${className}`.trim()}
      title={t('badge')}
      aria-label={t('badge')}
      data-testid="verified-badge"
    />
  );
}
