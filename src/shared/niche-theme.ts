import { type NicheName, nicheName } from './locales';

/**
 * The accent colour of each niche's theme (the first colour of `$niches` in src/web/styles/main.scss: keep both the
 * same) and the light background the installed app starts on. The server writes them into each site's web app
 * manifest (modules/app-manifest), so the installed app's title bar and splash screen wear the site's colours.
 */
export const NICHE_THEME_COLORS: Readonly<Record<NicheName, string>> = {
  general: '#cc3f37',
  she: '#b8336a',
  bdsm: '#a3123a',
  bbw: '#c43e55',
  gilf: '#8e4585',
  milf: '#b83a4b',
  gay: '#5b4fd6',
};

export const APP_BACKGROUND_COLOR = '#fff7f5';

/** Discreet mode's neutral app (manifest-discreet): grey title bar, white splash, no trace of the site. */
export const DISCREET_THEME_COLOR = '#e9edf2';
export const DISCREET_BACKGROUND_COLOR = '#ffffff';

export function nicheThemeColor(niche: number): string {
  return NICHE_THEME_COLORS[nicheName(niche)];
}
