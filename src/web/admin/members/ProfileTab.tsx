import { useTranslation } from 'react-i18next';
import type { AdminMember } from '../../../shared/schemas/admin-members';
import { Facts } from './Facts';

/** The profile as the member filled it in, and every photo (staff-only images, whatever their status). */
export function ProfileTab({ member }: { member: AdminMember }) {
  const { t } = useTranslation('members');
  const p = member.profile;
  return (
    <>
      {p ? (
        <Facts
          testId="member-profile"
          rows={[
            [t('profile.name'), p.name],
            [t('profile.status'), p.status],
            [t('profile.gender'), [p.gender, p.seeking_gender].filter(Boolean).join(' → ') || '—'],
            [t('profile.birth_date'), p.birth_date],
            [t('profile.place'), [p.city, p.region, p.country].filter(Boolean).join(', ')],
            [
              t('profile.flags'),
              [
                p.invisible && t('profile.invisible'),
                p.fictional && t('profile.fictional'),
                p.privacy_mode && t('profile.privacy'),
              ]
                .filter(Boolean)
                .join(', ') || '—',
            ],
            [t('profile.interests'), p.interests.join(', ') || '—'],
            [t('profile.about'), p.about || '—'],
          ]}
        />
      ) : (
        <p className="text-body-secondary">{t('profile.none')}</p>
      )}
      <h2 className="h6 mt-4">{t('profile.photos', { count: member.photos.length })}</h2>
      {member.photos.length === 0 ? (
        <p className="text-body-secondary small">{t('profile.no_photos')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
          {member.photos.map((ph) => (
            <li key={ph.id} className="text-center small console-photo-tile">
              <a href={ph.url} target="_blank" rel="noopener noreferrer">
                <img
                  src={ph.thumb_url}
                  alt={t('profile.photo_alt', { id: ph.id })}
                  width={128}
                  height={128}
                  className="rounded border object-fit-cover"
                  loading="lazy"
                />
              </a>
              <div>
                {t(`photo_status.${ph.status}`, { defaultValue: ph.status })}
                {ph.is_main && ` · ${t('profile.main')}`}
                {ph.is_private && ` · ${t('profile.private')}`}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
