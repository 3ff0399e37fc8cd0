/** Seconds as hours:minutes:seconds (H:MM:SS), the spec's countdown: 14400 -> "4:00:00", 59 -> "0:00:59". */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** A whole percentage in the locale's way: "25%" (en), "25 %" (de, fr, sv …). */
export function formatPercentage(percentage: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    percentage / 100,
  );
}
