import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanderClosing } from '../../features/landers/LanderClosing';
import { LanderHeroCopy } from '../../features/landers/LanderHeroCopy';
import { LanderMembers } from '../../features/landers/LanderMembers';
import { AreaMembers } from '../../features/landers/map/AreaMembers';
import { MemberMap } from '../../features/landers/map/MemberMap';
import { useLanderMap } from '../../features/landers/map/use-lander-map';
import { useLander } from '../../features/landers/use-lander';

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * maplanding: the members near the visitor on a map of their country (GeoIP), by area; a tap on an area shows its
 * members, each leading to signup. Without located members: the showcase and the call to action.
 */
export function MapLander() {
  const { t } = useTranslation('landers');
  const { locale, profiles: showcase } = useLander('maplanding');
  const { country, areas, shapes, loading } = useLanderMap(locale);
  const [selected, setSelected] = useState<string>();
  const place = country ? countryName(country, locale) : '';
  const current = areas.find((a) => a.key === selected) ?? areas[0];
  const nearby = areas.flatMap((a) => a.members);
  const listed = nearby.length > 0 ? nearby : showcase;
  return (
    <>
      <section className="hero lander-hero lander-map-hero">
        <div className="container-lg">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-5">
              <LanderHeroCopy
                type="maplanding"
                kicker={
                  place ? (
                    <>
                      <i className="bi bi-geo-alt-fill me-2" aria-hidden="true" />
                      {t('types.maplanding.kicker', { country: place })}
                    </>
                  ) : undefined
                }
              />
            </div>
            {areas.length > 0 && (
              <div className="col-lg-7">
                {shapes ? (
                  <MemberMap
                    shapes={shapes}
                    areas={areas}
                    selectedKey={current?.key}
                    onSelect={setSelected}
                    label={t('types.maplanding.map_label', { country: place })}
                  />
                ) : (
                  <div className="lander-map lander-map-loading" aria-busy={loading} />
                )}
              </div>
            )}
          </div>
        </div>
      </section>
      {current && (
        <div className="lander-map-area bg-body-tertiary py-4 py-lg-5">
          <div className="container-lg">
            <AreaMembers area={current} />
          </div>
        </div>
      )}
      <LanderMembers
        profiles={listed}
        title={t(nearby.length > 0 ? 'types.maplanding.members_title' : 'types.members_title', {
          country: place,
        })}
        subtitle={t('types.members_subtitle')}
      />
      <LanderClosing empty={listed.length === 0} />
    </>
  );
}
