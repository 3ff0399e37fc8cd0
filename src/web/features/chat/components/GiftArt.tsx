import type { ReactNode } from 'react';
import type { GiftId } from '../../../../shared/rules';

/**
 * The gifts' illustrations: small inline SVGs drawn for this app (no external images, no style attributes). Each
 * is drawn on a 64 × 64 grid; the size comes from the `gift-art` classes.
 */
const ART: Record<GiftId, ReactNode> = {
  rose: (
    <>
      <path d="M32 30c-1 10 1 19-1 29" stroke="#3f8f4a" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M31.5 45c-7-5-13-4-16.5 0 6 4 12 4 16.5 0z" fill="#4caf5a" />
      <path d="M31.5 51c6-5 12-5 16-1-5 4-11 4.5-16 1z" fill="#5fbf6b" />
      <path d="M19 17c0-8 7-12 13-9 6-3 13 1 13 9 0 10-6 16-13 16s-13-6-13-16z" fill="#d6334a" />
      <path d="M24 16c2-5 8-7 12-3-4 0-6 3-6 7-4 0-6-1-6-4z" fill="#f06a7d" />
      <path d="M32 33c-5-4-6-10-1-15 6 3 6 10 1 15z" fill="#a81f35" />
      <path d="M39 12c3 2 4 6 3 10-2-3-4-4-6-4 0-3 1-5 3-6z" fill="#b8283f" />
    </>
  ),
  heart: (
    <>
      <path
        d="M32 55C14 43 6 33 6 21 6 13 12 8 19 8c6 0 10 3 13 8 3-5 7-8 13-8 7 0 13 5 13 13 0 12-8 22-26 34z"
        fill="#e8475b"
      />
      <path d="M32 55C14 43 6 33 6 21c0 9 10 21 26 29 16-8 26-20 26-29 0 12-8 22-26 34z" fill="#c9304a" />
      <path
        d="M14 18c1-4 4-6 8-6"
        stroke="#fff"
        strokeWidth="3.5"
        strokeLinecap="round"
        fill="none"
        opacity=".75"
      />
    </>
  ),
  coffee: (
    <>
      <path d="M23 5c-3 4 3 6 0 10" stroke="#c9b8aa" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M31 3c-3 4 3 6 0 10" stroke="#c9b8aa" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M39 5c-3 4 3 6 0 10" stroke="#c9b8aa" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <ellipse cx="30" cy="55" rx="25" ry="5" fill="#e3d3c4" />
      <path d="M46 27h3c5 0 8 3 8 8s-3 8-8 8h-4" fill="none" stroke="#8a5a3c" strokeWidth="3.5" />
      <path
        d="M10 22h40v15c0 9-7 16-16 16h-8c-9 0-16-7-16-16z"
        fill="#fff7ef"
        stroke="#8a5a3c"
        strokeWidth="2.5"
      />
      <ellipse cx="30" cy="23" rx="18" ry="3.5" fill="#6b3e26" />
      <path d="M24 38c0-3 3-5 6-3 3-2 6 0 6 3 0 3-4 5-6 7-2-2-6-4-6-7z" fill="#e8475b" />
    </>
  ),
  chocolate: (
    <>
      <rect x="6" y="14" width="52" height="40" rx="7" fill="#b3262e" />
      <rect x="10" y="18" width="44" height="32" rx="5" fill="#f6e6d0" />
      <circle cx="20" cy="27" r="5.5" fill="#5b3420" />
      <circle cx="32" cy="27" r="5.5" fill="#7a4a2c" />
      <circle cx="44" cy="27" r="5.5" fill="#5b3420" />
      <circle cx="20" cy="41" r="5.5" fill="#7a4a2c" />
      <circle cx="32" cy="41" r="5.5" fill="#5b3420" />
      <circle cx="44" cy="41" r="5.5" fill="#7a4a2c" />
      <path
        d="M17.5 25.5a3 3 0 0 1 3-2M29.5 39.5a3 3 0 0 1 3-2M41.5 25.5a3 3 0 0 1 3-2"
        stroke="#c08a5e"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M32 14c-5-7-13-7-13-2 0 4 7 5 13 2zm0 0c5-7 13-7 13-2 0 4-7 5-13 2z" fill="#f2c14e" />
      <path d="M30 15l-4 8M34 15l4 8" stroke="#f2c14e" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="32" cy="14" r="3" fill="#e0a82e" />
    </>
  ),
  champagne: (
    <>
      <g transform="rotate(-14 22 34)">
        <path d="M15 8h14l-2 20c-.5 5-9.5 5-10 0z" fill="#fbe6a2" stroke="#c9a227" strokeWidth="2" />
        <path d="M16 16h12l-1 11c-.5 4-9.5 4-10 0z" fill="#f5c542" />
        <path d="M22 32v18M16 51h12" stroke="#c9a227" strokeWidth="2.5" strokeLinecap="round" />
      </g>
      <g transform="rotate(14 42 34)">
        <path d="M35 8h14l-2 20c-.5 5-9.5 5-10 0z" fill="#fbe6a2" stroke="#c9a227" strokeWidth="2" />
        <path d="M36 16h12l-1 11c-.5 4-9.5 4-10 0z" fill="#f5c542" />
        <path d="M42 32v18M36 51h12" stroke="#c9a227" strokeWidth="2.5" strokeLinecap="round" />
      </g>
      <circle cx="21" cy="20" r="1.3" fill="#fff" />
      <circle cx="43" cy="22" r="1.3" fill="#fff" />
      <circle cx="41" cy="17" r="1" fill="#fff" />
      <path d="M32 1v5M27.5 3.5l2 3M36.5 3.5l-2 3" stroke="#e8475b" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  teddy: (
    <>
      <circle cx="17" cy="13" r="7" fill="#a0673c" />
      <circle cx="47" cy="13" r="7" fill="#a0673c" />
      <circle cx="17" cy="13" r="3.5" fill="#e0b086" />
      <circle cx="47" cy="13" r="3.5" fill="#e0b086" />
      <ellipse cx="32" cy="47" rx="17" ry="14" fill="#a0673c" />
      <circle cx="15" cy="44" r="5.5" fill="#b8794a" />
      <circle cx="49" cy="44" r="5.5" fill="#b8794a" />
      <ellipse cx="32" cy="49" rx="9" ry="8" fill="#e0b086" />
      <circle cx="32" cy="24" r="15" fill="#b8794a" />
      <ellipse cx="32" cy="29" rx="7" ry="5.5" fill="#ecc9a0" />
      <circle cx="26" cy="21" r="2" fill="#2b2130" />
      <circle cx="38" cy="21" r="2" fill="#2b2130" />
      <ellipse cx="32" cy="27" rx="2.6" ry="1.9" fill="#2b2130" />
      <path d="M30 31c1 1 3 1 4 0" stroke="#2b2130" strokeWidth="1.4" fill="none" strokeLinecap="round" />
      <path d="M32 53c-4-2.5-5-4.5-5-6 0-2 2.5-3 5-1 2.5-2 5-1 5 1 0 1.5-1 3.5-5 6z" fill="#e8475b" />
    </>
  ),
  sunflower: (
    <>
      <path d="M32 36v25" stroke="#3f8f4a" strokeWidth="3" strokeLinecap="round" />
      <path d="M32 52c-6-6-13-6-16-3 5 5 11 5 16 3z" fill="#4caf5a" />
      <g fill="#f7b924">
        {[0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330].map((deg) => (
          <ellipse key={deg} cx="32" cy="10" rx="4.5" ry="9" transform={`rotate(${deg} 32 24)`} />
        ))}
      </g>
      <g fill="#ffd25a">
        {[15, 75, 135, 195, 255, 315].map((deg) => (
          <ellipse key={deg} cx="32" cy="12" rx="3" ry="6.5" transform={`rotate(${deg} 32 24)`} />
        ))}
      </g>
      <circle cx="32" cy="24" r="9" fill="#6b3e26" />
      <circle cx="29" cy="21.5" r="1.2" fill="#8a5a3c" />
      <circle cx="34" cy="22" r="1.2" fill="#8a5a3c" />
      <circle cx="31" cy="26.5" r="1.2" fill="#8a5a3c" />
      <circle cx="35.5" cy="26" r="1.2" fill="#8a5a3c" />
    </>
  ),
  star: (
    <>
      <path
        d="M32 7l6.5 17.1 18.2.9-14.2 11.4 4.8 17.6L32 44l-15.3 10 4.8-17.6L7.3 25l18.2-.9z"
        fill="#f7c23a"
        stroke="#e09b12"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M32 15l4 10.5 11 .6" stroke="#fff3c4" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path
        d="M53 5v7M49.5 8.5h7M10 46v5M7.5 48.5h5"
        stroke="#f7c23a"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
};

/** One gift's illustration; with `label` it is an image with that name, else decoration. */
export function GiftArt({
  gift,
  size = 'md',
  label,
}: {
  gift: GiftId;
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}) {
  const className = `gift-art gift-art-${size}`;
  if (label)
    return (
      <svg viewBox="0 0 64 64" className={className} role="img" aria-label={label} data-gift={gift}>
        <title>{label}</title>
        {ART[gift]}
      </svg>
    );
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false" data-gift={gift}>
      {ART[gift]}
    </svg>
  );
}
