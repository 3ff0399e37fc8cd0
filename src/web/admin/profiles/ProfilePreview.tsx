import { useTranslation } from 'react-i18next';
import type { AdminProfilePhoto } from '../../../shared/schemas/admin-profiles';
import { KindBadge } from './KindBadge';
import { ageOf, type ProfileDraft } from './profile-draft';

/**
 * How members will see the profile's card: the main photo, name and age, the city, and the mark of its kind. A
 * fictional profile carries the site's fictional icon (members also read the site's fictional warning with it).
 */
export function ProfilePreview({
  draft,
  photos,
  fictionalIcon,
}: {
  draft: ProfileDraft;
  photos: AdminProfilePhoto[];
  fictionalIcon: string;
}) {
  const { t } = useTranslation('profiles');
  const main = photos.find((p) => p.main);
  const age = ageOf(draft.birth_date);
  return (
    <figure className="card shadow-sm profiles-preview mb-0" data-testid="profile-preview">
      <div className="ratio ratio-1x1 bg-body-tertiary">
        {main ? (
          <img src={main.thumb_filename} alt="" className="object-fit-cover rounded-top" />
        ) : (
          <div className="d-flex align-items-center justify-content-center">
            <i className="bi bi-person fs-1 text-body-tertiary" aria-hidden="true" />
          </div>
        )}
      </div>
      <figcaption className="card-body p-3">
        <p className="fw-semibold mb-1 text-truncate">
          {draft.name || t('preview.no_name')}
          {age !== null && `, ${age}`}
          {draft.kind === 'fictional' && (
            <i
              role="img"
              className={`bi bi-${fictionalIcon} ms-1 text-warning`}
              title={t('kind.fictional')}
              aria-label={t('kind.fictional')}
              data-testid="profile-preview-fictional"
            />
          )}
        </p>
        {draft.city && <p className="small text-body-secondary mb-2 text-truncate">{draft.city}</p>}
        <KindBadge kind={draft.kind} />
        <p className="small text-body-secondary mt-2 mb-0">{t(`preview.note.${draft.kind}`)}</p>
        {!draft.visible && <p className="small text-danger-emphasis mt-1 mb-0">{t('preview.hidden')}</p>}
      </figcaption>
    </figure>
  );
}
