import { useTranslation } from 'react-i18next';

/**
 * A member's account status as a badge, in the console's language (the texts of the members section); a status the
 * console has no text for yet shows as it is.
 */
export function MemberStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('members');
  return (
    <span className="badge text-bg-light" data-testid="member-status">
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
