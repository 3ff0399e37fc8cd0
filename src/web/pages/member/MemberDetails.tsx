import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '../../../shared/schemas/member-profile';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
} from '../../../shared/schemas/profiles';
import { interestsQuery } from '../../features/site/api/interests';
import { currentLocale } from '../../lib/i18n';

/** The profile fields shown under "About", in this order, with their known option values (translated here). */
const DETAIL_FIELDS = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  relationship_status: RELATIONSHIP_STATUSES,
  signup_reason: SIGNUP_REASONS,
  body_type: BODY_TYPES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  tattoos: TATTOO_OPTIONS,
} as const satisfies Record<string, readonly string[]>;
type DetailField = keyof typeof DETAIL_FIELDS;

export function Details({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const locale = currentLocale();
  const interests = useQuery({
    ...interestsQuery(locale),
    enabled: profile.interests.length > 0,
    throwOnError: false,
  });
  const fields = (Object.keys(DETAIL_FIELDS) as DetailField[]).filter((f) => profile[f] !== null);
  const chips = profile.interests
    .map((value) => interests.data?.find((i) => i.value === value))
    .filter((i) => i !== undefined);
  const about = profile.about?.trim();
  if (fields.length === 0 && chips.length === 0 && !about) return null;

  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="member-details-title">
      <div className="card-body p-4" data-testid="member-details">
        <h2 id="member-details-title" className="h5 fw-semibold mb-3">
          <i className="bi bi-person-vcard me-2" aria-hidden="true" />
          {t('profile.details', { name: profile.name })}
        </h2>
        {fields.length > 0 && (
          <dl className="row mb-0">
            {fields.map((f) => {
              const value = profile[f]!;
              return (
                <div className="col-sm-6 mb-2" key={f}>
                  <dt className="small text-body-secondary fw-normal">{t(`fields.${f}`)}</dt>
                  <dd className="mb-0 fw-semibold" data-testid={`member-field-${f}`}>
                    {t(`options.${f}.${value}`, { defaultValue: value })}
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
        {chips.length > 0 && (
          <>
            <h3 className="h6 fw-semibold mt-3 mb-2">{t('profile.interests')}</h3>
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" data-testid="member-interests">
              {chips.map((i) => (
                <li
                  key={i.value}
                  className="badge rounded-pill text-bg-light border fw-normal fs-6 px-3 py-2"
                >
                  <i className={`bi bi-${i.icon} me-1 text-primary`} aria-hidden="true" />
                  {i.label}
                </li>
              ))}
            </ul>
          </>
        )}
        {about && (
          <>
            <h3 className="h6 fw-semibold mt-3 mb-2">{t('profile.about')}</h3>
            <p className="mb-0 text-pre-line" data-testid="member-about">
              {about}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
