/** Minimal document.cookie access for the non-HttpOnly cookies the app owns. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function writeCookie(
  name: string,
  value: string,
  opts: { maxAgeDays: number; sameSite: 'lax' | 'strict' },
): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari, which we support
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${opts.maxAgeDays * 86_400}; Path=/; SameSite=${opts.sameSite}${secure}`;
}
