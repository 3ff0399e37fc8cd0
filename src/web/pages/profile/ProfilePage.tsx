import { useQuery } from '@tanstack/react-query';
import { differenceInYears, format, parseISO } from 'date-fns';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileFieldName } from '../../../shared/schemas/profiles';
import {
  ABOUT_MAX,
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  type OwnProfile,
  type ProfileUpdate,
  profileUpdateSchema,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
} from '../../../shared/schemas/profiles';
import { sexualityFits } from '../../../shared/seeking';
import { FormAlert, fieldErrors } from '../../components/form/FormAlert';
import { FormField } from '../../components/form/FormField';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { fetchOwnProfile, ownProfileQueryKey } from '../../features/profile/api/profile';
import { InterestPicker } from '../../features/profile/components/InterestPicker';
import { type LocatedPlace, LocationButton } from '../../features/profile/components/LocationButton';
import { PhotoManager } from '../../features/profile/components/PhotoManager';
import { ProfileSection, SectionSave } from '../../features/profile/components/ProfileSection';
import { RegionSelect } from '../../features/profile/components/RegionSelect';
import {
  changedFields,
  countryDisplayName,
  matchRegion,
  type OwnProfileWithLocation,
  type ProfileSaveBody,
  useProfileSave,
} from '../../features/profile/profile-form';
import { UnsavedChangesGuard, useReportUnsaved } from '../../features/profile/unsaved-changes';
import { useRegions } from '../../features/site/api/regions';
import { useSettings } from '../../features/site/api/settings';
import { VerificationSection } from '../../features/verification/VerificationSection';
import { dateLocale } from '../../lib/date-locale';
import { validateWith } from '../../lib/form-errors';
import { useHead } from '../../lib/head';
import { currentLocale } from '../../lib/i18n';

/** Names of settings.visible_profile_fields. */
type VisibleField = ProfileFieldName;

type PersonalField =
  | 'gender'
  | 'sexuality'
  | 'hair_color'
  | 'eye_color'
  | 'body_type'
  | 'relationship_status'
  | 'tattoos'
  | 'signup_reason';

/**
 * The personal details, each shown when its visible field is listed. Whom the member looks for is not asked: it
 * follows from gender and orientation (shared/seeking.ts), and only orientations that fit the gender are offered.
 */
const PERSONAL_FIELDS: {
  name: PersonalField;
  visibleAs: VisibleField;
  options: readonly string[];
  required?: boolean;
}[] = [
  { name: 'gender', visibleAs: 'gender', options: GENDERS, required: true },
  { name: 'sexuality', visibleAs: 'sexuality', options: SEXUALITIES },
  { name: 'hair_color', visibleAs: 'hair_color', options: HAIR_COLORS },
  { name: 'eye_color', visibleAs: 'eye_color', options: EYE_COLORS },
  { name: 'body_type', visibleAs: 'body_type', options: BODY_TYPES },
  { name: 'relationship_status', visibleAs: 'relationship_status', options: RELATIONSHIP_STATUSES },
  { name: 'tattoos', visibleAs: 'tattoos', options: TATTOO_OPTIONS },
  { name: 'signup_reason', visibleAs: 'signup_reason', options: SIGNUP_REASONS },
];

/** The member's own profile (/profile): photos, about me, personal details, date of birth and where they live. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const settings = useSettings();
  const user = useCurrentUser();
  useHead({ title: t('title'), siteName: settings.name });
  const profile = useQuery({
    queryKey: ownProfileQueryKey,
    queryFn: fetchOwnProfile,
    enabled: Boolean(user),
  });

  if (user === null) return null;
  if (user === undefined || profile.isPending) return <PageSpinner />;

  const visible = new Set(settings.visible_profile_fields);
  const show = (f: VisibleField) => visible.has(f);
  const note = settings.visible_profile_notes ? t('visible_note') : null;
  const personal = PERSONAL_FIELDS.filter((f) => show(f.visibleAs));

  return (
    <div className="container-lg py-4 py-md-5" data-testid="profile-page">
      <div className="row justify-content-center">
        <div className="col-md-10 col-lg-8 col-xl-7">
          <h1 className="h2 fw-semibold mb-2">{t('title')}</h1>
          <p className="text-body-secondary mb-4">{t('intro')}</p>
          {profile.isError ? (
            <div className="alert alert-danger" role="alert" data-testid="profile-load-error">
              <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
              {t('load_error')}{' '}
              <RetryButton
                variant="link"
                onRetry={() => void profile.refetch()}
                busy={profile.isFetching}
                label={t('retry')}
                testId="profile-retry"
              />
            </div>
          ) : (
            <UnsavedChangesGuard>
              <ProfileSection id="photos" title={t('sections.photos')} icon="bi-images" note={note}>
                <PhotoManager />
              </ProfileSection>
              <VerificationSection />
              {(show('about') || show('interests')) && (
                <AboutSection
                  profile={profile.data}
                  showAbout={show('about')}
                  showInterests={show('interests')}
                  note={note}
                />
              )}
              {personal.length > 0 && (
                <PersonalSection profile={profile.data} fields={personal} note={note} />
              )}
              {show('birth_date') && <BirthDateSection profile={profile.data} note={note} />}
              {show('living_area') && <LivingAreaSection profile={profile.data} note={note} />}
            </UnsavedChangesGuard>
          )}
        </div>
      </div>
    </div>
  );
}

/** The form of a section: the section-level error when no field shows it, the fields, then the save button. */
function SectionForm({
  id,
  fields,
  errors,
  error,
  pending,
  saved,
  onSubmit,
  children,
}: {
  id: string;
  fields: readonly string[];
  errors: Record<string, string>;
  error: unknown;
  pending: boolean;
  saved: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const shownUnderField = fields.some((f) => errors[f]);
  return (
    <form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (!pending) onSubmit();
      }}
      data-testid={`profile-${id}-form`}
    >
      {!shownUnderField && <FormAlert error={error} />}
      {children}
      <SectionSave id={id} pending={pending} saved={saved} />
    </form>
  );
}

/**
 * Shared by the editable sections: saves only the changed fields (nothing to send just confirms), validates with
 * the shared schema first, keeps what was typed on an error and shows the server's field messages.
 */
function useSectionSave(profile: OwnProfile) {
  const { t } = useTranslation('profile');
  const save = useProfileSave();
  const [saved, setSaved] = useState(false);
  // Edited since the last save: with a value that differs from the saved profile, leaving asks first.
  const [touched, setTouched] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors(save.error), ...clientErrors };
  const submit = (
    values: Record<string, unknown>,
    extra: Partial<ProfileSaveBody>,
    onSaved: (p: OwnProfile) => void,
  ) => {
    const body = { ...changedFields(profile, values), ...extra } as ProfileSaveBody;
    const found = validateWith(profileUpdateSchema, body, t);
    setClientErrors(found);
    if (Object.keys(found).length > 0 || Object.keys(body).length === 0) {
      save.reset();
      setSaved(Object.keys(found).length === 0);
      if (Object.keys(found).length === 0) setTouched(false);
      return;
    }
    setSaved(false);
    save.mutate(body, {
      onSuccess: (p) => {
        onSaved(p);
        setSaved(true);
        setTouched(false);
      },
    });
  };
  const edited = useCallback(() => {
    setSaved(false);
    setTouched(true);
  }, []);
  return { save, saved, errors, submit, edited, touched };
}

/** Whether `values` differ from the saved profile (edits a member would lose by leaving). */
function differs(profile: OwnProfile, values: Record<string, unknown>): boolean {
  return Object.keys(changedFields(profile, values)).length > 0;
}

function AboutSection({
  profile,
  showAbout,
  showInterests,
  note,
}: {
  profile: OwnProfile;
  showAbout: boolean;
  showInterests: boolean;
  note: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const [about, setAbout] = useState(profile.about);
  const [interests, setInterests] = useState<string[]>(profile.interests);
  const { save, saved, errors, submit, edited, touched } = useSectionSave(profile);
  const current = { ...(showAbout && { about }), ...(showInterests && { interests }) };
  useReportUnsaved('about', touched && differs(profile, current));
  const onSubmit = () =>
    submit(current, {}, (p) => {
      setAbout(p.about);
      setInterests(p.interests);
    });
  return (
    <ProfileSection id="about" title={t('sections.about')} icon="bi-chat-quote" note={note}>
      <SectionForm
        id="about"
        fields={['about', 'interests']}
        errors={errors}
        error={save.error}
        pending={save.isPending}
        saved={saved}
        onSubmit={onSubmit}
      >
        {showAbout && (
          <FormField
            label={t('fields.about')}
            error={errors.about}
            hint={t('about.counter', { used: about.length, max: ABOUT_MAX })}
          >
            {(p) => (
              <textarea
                {...p}
                rows={5}
                maxLength={ABOUT_MAX}
                value={about}
                placeholder={t('about.placeholder')}
                onChange={(e) => {
                  setAbout(e.target.value);
                  edited();
                }}
                data-testid="profile-about-text"
              />
            )}
          </FormField>
        )}
        {showInterests && (
          <InterestPicker
            legend={t('fields.interests')}
            value={interests}
            error={errors.interests}
            onChange={(v) => {
              setInterests(v);
              edited();
            }}
          />
        )}
      </SectionForm>
    </ProfileSection>
  );
}

/** A new gender drops an orientation that does not fit it (a man is not lesbian, a woman not gay). */
function withoutContradiction(
  values: Record<PersonalField, string | null>,
): Record<PersonalField, string | null> {
  return sexualityFits(values.gender, values.sexuality) ? values : { ...values, sexuality: null };
}

function PersonalSection({
  profile,
  fields,
  note,
}: {
  profile: OwnProfile;
  fields: typeof PERSONAL_FIELDS;
  note: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<Record<PersonalField, string | null>>(() => ({
    gender: profile.gender,
    sexuality: profile.sexuality,
    hair_color: profile.hair_color,
    eye_color: profile.eye_color,
    body_type: profile.body_type,
    relationship_status: profile.relationship_status,
    tattoos: profile.tattoos,
    signup_reason: profile.signup_reason,
  }));
  const { save, saved, errors, submit, edited, touched } = useSectionSave(profile);
  const current = Object.fromEntries(fields.map((f) => [f.name, values[f.name]]));
  useReportUnsaved('personal', touched && differs(profile, current));
  const onSubmit = () =>
    submit(current, {}, (p) =>
      setValues((v) => {
        const next = { ...v };
        for (const f of fields) next[f.name] = p[f.name];
        return next;
      }),
    );
  return (
    <ProfileSection id="personal" title={t('sections.personal')} icon="bi-person-vcard" note={note}>
      <SectionForm
        id="personal"
        fields={fields.map((f) => f.name)}
        errors={errors}
        error={save.error}
        pending={save.isPending}
        saved={saved}
        onSubmit={onSubmit}
      >
        <div className="row g-3 mb-3">
          {fields.map((f) => (
            <div className="col-sm-6" key={f.name}>
              <FormField label={t(`fields.${f.name}`)} error={errors[f.name]} className="mb-0">
                {(p) => (
                  <select
                    {...p}
                    className={`form-select${errors[f.name] ? ' is-invalid' : ''}`}
                    value={values[f.name] ?? ''}
                    onChange={(e) => {
                      const value = e.target.value || null;
                      setValues((v) => withoutContradiction({ ...v, [f.name]: value }));
                      edited();
                    }}
                    data-testid={`profile-${f.name}`}
                  >
                    {f.required ? (
                      values[f.name] === null && (
                        <option value="" disabled>
                          {t('choose')}
                        </option>
                      )
                    ) : (
                      <option value="">{t('not_specified')}</option>
                    )}
                    {f.options
                      .filter((o) => f.name !== 'sexuality' || sexualityFits(values.gender, o))
                      .map((o) => (
                        <option key={o} value={o}>
                          {t(`options.${f.name}.${o}`)}
                        </option>
                      ))}
                  </select>
                )}
              </FormField>
            </div>
          ))}
        </div>
      </SectionForm>
    </ProfileSection>
  );
}

function BirthDateSection({ profile, note }: { profile: OwnProfile; note: ReactNode }) {
  const { t } = useTranslation('profile');
  const locale = currentLocale();
  const date = parseISO(profile.birth_date);
  const valid = !Number.isNaN(date.getTime());
  return (
    <ProfileSection id="birth-date" title={t('sections.birth_date')} icon="bi-calendar-heart" note={note}>
      <p className="fs-5 mb-1" data-testid="profile-birth-date-value">
        {valid ? (
          <>
            <time dateTime={profile.birth_date}>{format(date, 'PPP', { locale: dateLocale(locale) })}</time>{' '}
            <span className="fs-6 text-body-secondary">
              ({t('birth_date.age', { count: differenceInYears(new Date(), date) })})
            </span>
          </>
        ) : (
          profile.birth_date
        )}
      </p>
      <p className="small text-body-secondary mb-0">{t('birth_date.hint')}</p>
    </ProfileSection>
  );
}

function LivingAreaSection({ profile, note }: { profile: OwnProfileWithLocation; note: ReactNode }) {
  const { t } = useTranslation('profile');
  const settings = useSettings();
  const locale = currentLocale();
  const regions = useRegions(locale).data;
  const [country, setCountry] = useState(profile.country);
  const [region, setRegion] = useState(profile.region);
  const [city, setCity] = useState(profile.city ?? '');
  const [position, setPosition] = useState<{ lat: number; lon: number } | null>(null);
  const { save, saved, errors, submit, edited, touched } = useSectionSave(profile);
  const current = { country, region, city: city.trim() || null } satisfies ProfileUpdate;
  useReportUnsaved('living-area', touched && (position !== null || differs(profile, current)));
  const countries = [...new Set([...settings.countries, profile.country, country])];

  // The regions may still be loading when a position comes in: match by name once they are there.
  const regionsRef = useRef(regions);
  regionsRef.current = regions;
  useEffect(() => {
    if (regions) setRegion((r) => matchRegion(regions[country], r));
  }, [regions, country]);

  const onLocated = useCallback(
    (place: LocatedPlace) => {
      const known = regionsRef.current;
      setCountry(place.country);
      setRegion(known ? matchRegion(known[place.country], place.region) : place.region);
      setCity(place.city);
      setPosition({ lat: place.lat, lon: place.lon });
      edited();
    },
    [edited],
  );

  const onSubmit = () =>
    submit(current, position ?? {}, (p) => {
      setCountry(p.country);
      setRegion(p.region);
      setCity(p.city ?? '');
      setPosition(null);
    });

  return (
    <ProfileSection
      id="living-area"
      title={t('sections.living_area')}
      icon="bi-geo-alt"
      note={note && `${note} ${t('living_area.note')}`}
    >
      <SectionForm
        id="living-area"
        fields={['country', 'region', 'city']}
        errors={errors}
        error={save.error}
        pending={save.isPending}
        saved={saved}
        onSubmit={onSubmit}
      >
        <div className="row g-3 mb-3">
          <div className="col-sm-6">
            <FormField label={t('fields.country')} error={errors.country} className="mb-0">
              {(p) => (
                <select
                  {...p}
                  className={`form-select${errors.country ? ' is-invalid' : ''}`}
                  value={country}
                  onChange={(e) => {
                    setCountry(e.target.value);
                    setRegion(null);
                    edited();
                  }}
                  data-testid="profile-country"
                >
                  {countries.map((c) => (
                    <option key={c} value={c}>
                      {countryDisplayName(c, locale)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <div className="col-sm-6">
            <RegionSelect
              country={country}
              value={region}
              error={errors.region}
              className="mb-0"
              onChange={(r) => {
                setRegion(r);
                edited();
              }}
            />
          </div>
          <div className="col-12">
            <FormField label={t('fields.city')} error={errors.city} className="mb-0">
              {(p) => (
                <input
                  {...p}
                  type="text"
                  maxLength={80}
                  autoComplete="address-level2"
                  value={city}
                  onChange={(e) => {
                    setCity(e.target.value);
                    edited();
                  }}
                  data-testid="profile-city"
                />
              )}
            </FormField>
          </div>
        </div>
        <div className="mb-3">
          <LocationButton onLocated={onLocated} disabled={save.isPending} />
          {profile.has_location && !position && (
            <p className="small text-body-secondary mt-2 mb-0" data-testid="profile-has-location">
              <i className="bi bi-shield-lock me-2" aria-hidden="true" />
              {t('living_area.has_location')}
            </p>
          )}
        </div>
      </SectionForm>
    </ProfileSection>
  );
}
