import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { birthDateForAge } from '../../shared/dates';
import type { Db } from '../db/client';
import { photos, profiles, sites, users } from '../db/schema';
import type { MediaStorage } from '../lib/storage';
import { findCity } from '../modules/geo/geocode';
import { PHOTO_SIZES, type PhotoSize, photoKey } from '../modules/photos/photos.presenter';
import { snapToGrid } from '../modules/profiles/location';
import { renderPortraitSvg } from './portrait-svg';

interface DemoCam {
  name: string;
  gender: 'male' | 'female';
  seekingGender: 'male' | 'female';
  age: number;
  country: string;
  city: string;
  about: string;
  interests: string[];
}

/** Performers of the companion cam section on the embedded default: friendly, non-explicit, clearly cam profiles. */
const DEMO_CAMS: readonly DemoCam[] = [
  {
    name: 'Sienna',
    gender: 'female',
    seekingGender: 'male',
    age: 27,
    country: 'NL',
    city: 'Rotterdam',
    about: 'Evening shows with music, chat and a lot of laughing. Say hi and tell me about your day.',
    interests: ['music', 'dancing'],
  },
  {
    name: 'Marco',
    gender: 'male',
    seekingGender: 'female',
    age: 31,
    country: 'DE',
    city: 'Hamburg',
    about: 'Cooking live on camera most Sunday evenings. Bring your questions and your favourite recipe.',
    interests: ['cooking', 'travelling'],
  },
  {
    name: 'Lena',
    gender: 'female',
    seekingGender: 'male',
    age: 24,
    country: 'AT',
    city: 'Vienna',
    about: 'Art student painting live. Come watch a canvas fill up and keep me company.',
    interests: ['art', 'music'],
  },
  {
    name: 'Jade',
    gender: 'female',
    seekingGender: 'male',
    age: 29,
    country: 'BE',
    city: 'Antwerpen',
    about: 'Yoga in the morning, chatting at night. I love hearing where everyone is watching from.',
    interests: ['sports', 'travelling'],
  },
  {
    name: 'Noah',
    gender: 'male',
    seekingGender: 'female',
    age: 35,
    country: 'NL',
    city: 'Utrecht',
    about: 'Guitar, stories and the occasional bad joke. Requests welcome.',
    interests: ['music', 'movies'],
  },
  {
    name: 'Elise',
    gender: 'female',
    seekingGender: 'male',
    age: 33,
    country: 'FR',
    city: 'Lyon',
    about: 'Wine tasting nights and talk about films. Tell me what you are watching.',
    interests: ['movies', 'wine'],
  },
];

/**
 * Demo cam profiles for the embedded default (`npm start`), so the cam section (/cams) is not empty. Never in
 * production (config.demoContent). Runs once: nothing when demo cam profiles exist. Staff-kept accounts: no
 * password, kind 'cam', shown only in the cam section (docs/decisions.md "Cam section").
 */
export async function seedDemoCams(db: Db, storage: MediaStorage, siteDomain: string): Promise<number> {
  const [site] = await db.select().from(sites).where(eq(sites.domain, siteDomain)).limit(1);
  if (!site) return 0;
  const existing = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(users.isDemo, true), eq(profiles.kind, 'cam')))
    .limit(1);
  if (existing.length > 0) return 0;

  const now = Date.now();
  for (const [i, cam] of DEMO_CAMS.entries()) {
    const stem = `demo/${randomUUID()}`;
    const svg = renderPortraitSvg({
      seed: 40_000 + i * 104_729,
      gender: cam.gender,
      age: cam.age,
      size: 800,
    });
    const base = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
    for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[]) {
      const { width, height } = PHOTO_SIZES[size];
      const jpeg = await base.clone().resize(width, height).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
      await storage.put(photoKey(stem, size), jpeg, 'image/jpeg');
    }
    const place = findCity(cam.city, cam.country);
    const lastActive = new Date(now - i * 17 * 60_000);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          siteId: site.id,
          email: `demo-cam-${i + 1}@demo.invalid`,
          passwordHash: null,
          status: 'active',
          language: 'en',
          isDemo: true,
          emailConfirmedAt: new Date(now),
          lastActiveAt: lastActive,
        })
        .returning({ id: users.id });
      await tx.insert(profiles).values({
        userId: user!.id,
        kind: 'cam',
        name: cam.name,
        status: 'active',
        gender: cam.gender,
        seekingGender: cam.seekingGender,
        birthDate: birthDateForAge(cam.age),
        country: cam.country,
        city: cam.city,
        region: place?.region ?? null,
        latCell: place ? snapToGrid(place.lat) : null,
        lonCell: place ? snapToGrid(place.lon) : null,
        niche: site.niche,
        about: cam.about,
        interests: cam.interests,
        lastActiveAt: lastActive,
        // Not in member search: the site's cams_in_search is off by default (members/searchable.ts).
        searchable: false,
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
  }
  return DEMO_CAMS.length;
}
