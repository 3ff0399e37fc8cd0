import { TRACKING_PARAMS } from '../../shared/rules';
import { storedGet, storedSet } from './stored';

const KEY = 'tracking';
export type TrackingData = Partial<Record<(typeof TRACKING_PARAMS)[number], string>>;

/** Stores the tracking query parameters (network, ref, sub…, aff_sub…, cpc) and strips them from the URL. */
export function captureTrackingParams(
  loc: Location = window.location,
  hist: History = window.history,
): TrackingData {
  const url = new URL(loc.href);
  const found: TrackingData = {};
  for (const name of TRACKING_PARAMS) {
    const v = url.searchParams.get(name);
    if (v !== null) {
      found[name] = v.slice(0, 200);
      url.searchParams.delete(name);
    }
  }
  if (Object.keys(found).length === 0) return storedTracking();
  const merged = { ...storedTracking(), ...found };
  storedSet(KEY, merged);
  hist.replaceState(hist.state, '', url.pathname + url.search + url.hash);
  return merged;
}

export function storedTracking(): TrackingData {
  return storedGet<TrackingData>(KEY) ?? {};
}

/** A visitor has a traffic source when a network parameter was given now or stored before. */
export function hasTrafficSource(search: string = window.location.search): boolean {
  return new URLSearchParams(search).has('network') || Boolean(storedTracking().network);
}
