/**
 * The map and video landers (/landers/maplanding, /landers/video; spec "Landing pages", issue 20).
 */
export const LANDER_RULES = {
  map: {
    /**
     * The location-privacy floor (spec: stored locations snapped to at least 1 km): no position a visitor's map
     * receives may be finer than this, in either direction, for any member.
     */
    privacyFloorKm: 1,
    /**
     * Members are shown by area: square cells of this size (km, north-south and east-west at the cell's latitude),
     * one marker in the middle of the cell for all its members, never a member's own position.
     */
    areaKm: 10,
    /** Members looked at for one map, newest activity first. */
    maxMembers: 48,
    /** Members named in one area's card. */
    maxPerArea: 6,
    /** Width of the map's SVG view box (its height follows the country's shape, within these ratios). */
    viewWidth: 1000,
    minAspect: 0.55,
    maxAspect: 1.35,
  },
  video: {
    /** Member portraits in the video lander's film, and how long each is on screen. */
    maxSlides: 6,
    slideMs: 3_200,
    fadeMs: 900,
  },
} as const;
