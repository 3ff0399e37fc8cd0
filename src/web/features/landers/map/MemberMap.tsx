import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanderMapArea, LanderMapShapes } from '../../../../shared/schemas/lander-map';

/** The name of a map area for people: the city of its first member who names one. */
export function areaCity(area: LanderMapArea): string | null {
  return area.members.find((m) => m.city)?.city ?? null;
}

/**
 * A marker of an area on the map: the photo of its first member and how many live around there. Placed through the
 * CSSOM (--pin-x, --pin-y: no inline styles under the Content-Security-Policy).
 */
function MapPin({
  area,
  shapes,
  selected,
  onSelect,
}: {
  area: LanderMapArea;
  shapes: LanderMapShapes;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('landers');
  const pin = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    pin.current?.style.setProperty('--pin-x', `${(area.x / shapes.width) * 100}%`);
    pin.current?.style.setProperty('--pin-y', `${(area.y / shapes.height) * 100}%`);
  }, [area.x, area.y, shapes.width, shapes.height]);
  const lead = area.members[0];
  const names = area.members.map((m) => m.name).join(', ');
  const city = areaCity(area);
  return (
    <button
      ref={pin}
      type="button"
      className={`lander-map-pin${selected ? ' is-selected' : ''}`}
      aria-pressed={selected}
      aria-label={
        city
          ? t('types.maplanding.pin_label', { city, names })
          : t('types.maplanding.pin_label_area', { names })
      }
      onClick={onSelect}
      data-testid="lander-map-pin"
    >
      {lead?.main_image ? (
        <img src={lead.main_image.thumb_filename} alt="" />
      ) : (
        <i className="bi bi-person-fill" />
      )}
      {area.count > 1 && (
        <span className="lander-map-count" aria-hidden="true">
          {area.count}
        </span>
      )}
    </button>
  );
}

/**
 * The country and its neighbours drawn as SVG from the server's shapes, with a marker per area of members. The
 * positions are the middles of areas (LANDER_RULES.map.areaKm): the page never knows where a member lives.
 */
export function MemberMap({
  shapes,
  areas,
  selectedKey,
  onSelect,
  label,
}: {
  shapes: LanderMapShapes;
  areas: readonly LanderMapArea[];
  selectedKey: string | undefined;
  onSelect: (key: string) => void;
  label: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    frame.current?.style.setProperty('--map-ratio', `${shapes.width / shapes.height}`);
  }, [shapes.width, shapes.height]);
  return (
    <div className="lander-map" ref={frame} data-testid="lander-map">
      <svg viewBox={`0 0 ${shapes.width} ${shapes.height}`} role="img" aria-label={label} focusable="false">
        {shapes.shapes.map((s) => (
          <path key={s.id} d={s.d} className={s.home ? 'lander-map-home' : 'lander-map-land'} />
        ))}
      </svg>
      {areas.map((a) => (
        <MapPin
          key={a.key}
          area={a}
          shapes={shapes}
          selected={a.key === selectedKey}
          onSelect={() => onSelect(a.key)}
        />
      ))}
    </div>
  );
}
