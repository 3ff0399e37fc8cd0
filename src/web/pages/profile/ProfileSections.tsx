import { differenceInYears, format, parseISO } from 'date-fns';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ABOUT_MAX, type OwnProfile, type ProfileUpdate } from '../../../shared/schemas/profiles';
import { FormField } from '../../components/form/FormField';
import { InterestPicker } from '../../features/profile/components/InterestPicker';
import { type LocatedPlace, LocationButton } from '../../features/profile/components/LocationButton';
import { ProfileSection } from '../../features/profile/components/ProfileSection';
import { RegionSelect } from '../../features/profile/components/RegionSelect';
import {
  countryDisplayName,
  matchRegion,
  type OwnProfileWithLocation,
} from '../../features/profile/profile-form';
import { useReportUnsaved } from '../../features/profile/unsaved-changes';
import { useRegions } from '../../features/site/api/regions';
import { useSettings } from '../../features/site/api/settings';
import { dateLocale } from '../../lib/date-locale';
import { currentLocale } from '../../lib/i18n';

import { differs, SectionForm, useSectionSave } from './profile-section-form';

/**
 * Sections of the member's own profile (/profile): about me, date of birth and where they live, each a form saved
 * on its own (the personal details are in PersonalSection.tsx; ProfilePage composes them).
 */

export function AboutSection({
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

export function BirthDateSection({ profile, note }: { profile: OwnProfile; note: ReactNode }) {
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

export function LivingAreaSection({ profile, note }: { profile: OwnProfileWithLocation; note: ReactNode }) {
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
