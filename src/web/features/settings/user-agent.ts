/** A browser and operating system read from a User-Agent header; null where it could not be recognised. */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
  /** A phone or tablet (for the icon). */
  mobile: boolean;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\b(Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(OPR|OPiOS|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(MSIE |Trident\/)/, 'Internet Explorer'],
];

// Order matters: iPhones say "like Mac OS X", Android says "Linux".
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const MOBILE = new Set(['iPhone', 'iPad', 'Android']);

/** A simple device summary ("Chrome" on "Windows", "Safari" on "iPhone") from a User-Agent string. */
export function describeUserAgent(ua: string | null | undefined): DeviceSummary {
  const text = ua ?? '';
  const browser = BROWSERS.find(([re]) => re.test(text))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(text))?.[1] ?? null;
  return { browser, os, mobile: os !== null && (MOBILE.has(os) || /\bMobile\b/.test(text)) };
}
