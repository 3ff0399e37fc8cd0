import { useTranslation } from 'react-i18next';

/** The fictional-profile icon beside a member's name, as on the profile cards. */
export function FictionalMark({ icon }: { icon: string }) {
  const { t } = useTranslation();
  return (
    <i
      role="img"
      className={`bi bi-${icon} ms-1 text-warning`}
      title={t('profile.fictional')}
      aria-label={t('profile.fictional')}
    />
  );
}
