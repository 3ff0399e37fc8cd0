/**
 * 120 deterministic demo members used to populate a fresh installation.
 *
 * Everything is generated from a fixed seed, so the list is identical on every run. Bios are
 * English, friendly and non-explicit; they are composed from a pool of sentences so that
 * neighbouring profiles never read the same.
 */

import { DEMO_BIO_SENTENCES, INTEREST_LINES, LOOKING, NICHE_LINES, OPENERS } from './demo-bios';
import { type CountryData, DEMO_COUNTRIES } from './demo-countries';
import { DEMO_INTERESTS, type DemoInterest } from './demo-interests';
import { makeRand, type Rand } from './demo-random';

export { DEMO_BIO_SENTENCES, DEMO_COUNTRIES };

export interface DemoPerson {
  name: string;
  gender: 'male' | 'female';
  seekingGender: 'male' | 'female';
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  age: number;
  /** ISO 3166-1 alpha-2 country code. */
  country: string;
  city: string;
  /** 1 general, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay. */
  niche: number;
  /** English, 1-3 tasteful friendly sentences. */
  about: string;
  interests: string[];
  hairColor: 'black' | 'brown' | 'blonde' | 'red' | 'grey' | 'other';
  eyeColor: 'brown' | 'blue' | 'green' | 'grey' | 'hazel';
  bodyType: 'slim' | 'athletic' | 'average' | 'curvy' | 'large';
  relationshipStatus: 'single' | 'divorced' | 'widowed' | 'separated' | 'relationship';
  tattoos: 'none' | 'some' | 'many';
  fictional: boolean;
}

export { DEMO_INTERESTS, type DemoInterest } from './demo-interests';

const NICHE_COUNTS: Readonly<Record<number, number>> = { 1: 62, 2: 10, 3: 10, 4: 9, 5: 9, 6: 10, 7: 10 };
const TOTAL = 120;
const FICTIONAL_COUNT = 12;
const REFERENCE_YEAR = 2025;

function ageFor(rand: Rand, niche: number, gender: 'male' | 'female'): number {
  switch (niche) {
    case 2:
      return rand.int(21, 58);
    case 3:
      return rand.int(24, 55);
    case 4:
      return rand.int(23, 58);
    case 5:
      return rand.int(60, 74);
    case 6:
      return rand.int(38, 55);
    case 7:
      return rand.int(20, 68);
    default: {
      const band = rand.weighted([
        [[19, 29], 3],
        [[30, 44], 4],
        [[45, 59], 3],
        [[60, 74], gender === 'male' ? 1.5 : 1],
      ] as const);
      return rand.int(band[0], band[1]);
    }
  }
}

function hairFor(rand: Rand, age: number, look: CountryData['look']): DemoPerson['hairColor'] {
  const greyP = age >= 65 ? 0.75 : age >= 55 ? 0.45 : age >= 45 ? 0.12 : 0;
  if (rand.chance(greyP)) return 'grey';
  const weights: Record<CountryData['look'], readonly (readonly [DemoPerson['hairColor'], number])[]> = {
    nordic: [
      ['blonde', 5],
      ['brown', 3],
      ['red', 0.8],
      ['black', 0.5],
      ['other', 0.3],
    ],
    central: [
      ['brown', 5],
      ['blonde', 2.5],
      ['black', 1.5],
      ['red', 0.8],
      ['other', 0.3],
    ],
    southern: [
      ['brown', 5],
      ['black', 4],
      ['blonde', 0.8],
      ['red', 0.3],
      ['other', 0.3],
    ],
    mixed: [
      ['brown', 4.5],
      ['black', 3],
      ['blonde', 2.5],
      ['red', 0.8],
      ['other', 0.4],
    ],
  };
  return rand.weighted(weights[look]);
}

function eyesFor(rand: Rand, look: CountryData['look']): DemoPerson['eyeColor'] {
  if (look === 'nordic')
    return rand.weighted([
      ['blue', 5],
      ['grey', 1.5],
      ['green', 1.5],
      ['brown', 1],
      ['hazel', 1],
    ] as const);
  if (look === 'southern')
    return rand.weighted([
      ['brown', 6],
      ['hazel', 2],
      ['green', 1],
      ['blue', 0.8],
      ['grey', 0.2],
    ] as const);
  return rand.weighted([
    ['brown', 4],
    ['blue', 3],
    ['hazel', 1.5],
    ['green', 1.5],
    ['grey', 0.7],
  ] as const);
}

function bodyFor(rand: Rand, niche: number, gender: 'male' | 'female'): DemoPerson['bodyType'] {
  if (niche === 4)
    return rand.weighted([
      ['curvy', 3],
      ['large', 2],
    ] as const);
  return gender === 'female'
    ? rand.weighted([
        ['slim', 3],
        ['athletic', 2],
        ['average', 3],
        ['curvy', 2],
        ['large', 0.5],
      ] as const)
    : rand.weighted([
        ['slim', 2],
        ['athletic', 3],
        ['average', 4],
        ['large', 1],
      ] as const);
}

function statusFor(rand: Rand, age: number): DemoPerson['relationshipStatus'] {
  if (age < 30)
    return rand.weighted([
      ['single', 12],
      ['separated', 0.3],
      ['relationship', 0.4],
    ] as const);
  if (age < 45)
    return rand.weighted([
      ['single', 6],
      ['divorced', 2.5],
      ['separated', 1],
      ['relationship', 0.3],
    ] as const);
  if (age < 60)
    return rand.weighted([
      ['single', 3],
      ['divorced', 4],
      ['separated', 1],
      ['widowed', 0.7],
    ] as const);
  return rand.weighted([
    ['single', 2],
    ['divorced', 3],
    ['widowed', 3],
    ['separated', 0.4],
  ] as const);
}

function tattoosFor(rand: Rand, age: number, niche: number): DemoPerson['tattoos'] {
  const young = age < 40;
  return rand.weighted([
    ['none', young ? 5 : 8],
    ['some', young || niche === 3 ? 3.5 : 2],
    ['many', young ? 1 : 0.4],
  ] as const);
}

const GENERAL_INTEREST_WEIGHTS: readonly (readonly [DemoInterest, number])[] = DEMO_INTERESTS.map((i) => {
  const low: readonly string[] = ['onenightstand', 'lingerie', 'politics', 'astrology', 'tattoos', 'party'];
  return [i, low.includes(i) ? 0.35 : 1] as const;
});

function interestsFor(
  rand: Rand,
  niche: number,
  age: number,
  tattoos: DemoPerson['tattoos'],
): DemoInterest[] {
  const count = rand.int(3, 7);
  const chosen = new Set<DemoInterest>();
  // a niche-flavoured first pick keeps profiles coherent
  const seeds: Record<number, readonly DemoInterest[]> = {
    1: ['relationship', 'travelling', 'cooking', 'music', 'movies', 'hiking', 'coffee'],
    2: ['relationship', 'hugging', 'art', 'music', 'coffee'],
    3: ['massages', 'lingerie', 'kissing', 'adventure'],
    4: ['relationship', 'foodie', 'dancing', 'shopping'],
    5: ['relationship', 'gardening', 'reading', 'travelling', 'tea'],
    6: ['relationship', 'wine', 'fashion', 'travelling'],
    7: ['relationship', 'gym', 'music', 'travelling', 'fashion'],
  };
  chosen.add(rand.pick(seeds[niche] ?? (seeds[1] as readonly DemoInterest[])));
  if (tattoos === 'many' && count > 3) chosen.add('tattoos');
  while (chosen.size < count) {
    const pick = rand.weighted(GENERAL_INTEREST_WEIGHTS);
    if (age >= 55 && (pick === 'party' || pick === 'videogames' || pick === 'onenightstand')) continue;
    if (age < 25 && pick === 'gardening') continue;
    chosen.add(pick);
  }
  return [...chosen];
}

function fill(sentence: string, city: string, mum: 'mum' | 'mom'): string {
  const cap = mum === 'mum' ? 'Mum' : 'Mom';
  return sentence.replaceAll('{city}', city).replaceAll('{Mum}', cap).replaceAll('{mum}', mum);
}

function bioFor(
  rand: Rand,
  niche: number,
  city: string,
  mum: 'mum' | 'mom',
  interests: readonly DemoInterest[],
  previous: string,
): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const parts: string[] = [];
    const nicheLines = NICHE_LINES[niche];
    const interestLines = interests
      .map((i) => INTEREST_LINES[i])
      .filter((s): s is string => typeof s === 'string');
    if (nicheLines) {
      if (rand.chance(0.5)) parts.push(rand.pick(OPENERS));
      parts.push(rand.pick(nicheLines));
      if (interestLines.length > 0 && rand.chance(0.6)) parts.push(rand.pick(interestLines));
    } else {
      parts.push(rand.pick(OPENERS));
      if (interestLines.length > 0 && rand.chance(0.75)) parts.push(rand.pick(interestLines));
      if (parts.length < 2 || rand.chance(0.5)) parts.push(rand.pick(LOOKING));
    }
    const bio = fill(parts.join(' '), city, mum);
    // never repeat the neighbour's bio or its opening sentence
    const firstSentence = (s: string) => s.split(/(?<=[.!?])\s/)[0] ?? s;
    if (bio !== previous && firstSentence(bio) !== firstSentence(previous)) return bio;
  }
  return fill(rand.pick(LOOKING), city, mum);
}

function displayName(rand: Rand, first: string, age: number, used: Set<string>): string {
  const yy = String((REFERENCE_YEAR - age) % 100).padStart(2, '0');
  const candidates = [
    first,
    `${first}_${yy}`,
    `${first}${yy}`,
    `${first.toLowerCase()}_${yy}`,
    `${first}_${rand.int(2, 9)}`,
  ];
  const order = rand.weighted([
    [[0, 1, 2, 3, 4], 5],
    [[1, 0, 2, 3, 4], 3],
    [[2, 1, 0, 3, 4], 1],
    [[3, 1, 0, 2, 4], 1],
  ] as const);
  for (const i of order) {
    const c = candidates[i] as string;
    if (!used.has(c)) return c;
  }
  let k = 2;
  while (used.has(`${first}_${k}`)) k++;
  return `${first}_${k}`;
}

/** What a generated person depends on besides the random stream. */
export interface PersonContext {
  niche: number;
  country: string;
  forcedAge?: number | undefined; // an age to use instead of a drawn one
  fictional: boolean;
  /** Display names taken per country (a name is unique within its country). */
  usedNames: Map<string, Set<string>>;
  /** The bio of the person made before, which this one's must not repeat. */
  previousBio: string;
}

/** One demo person of a niche in a country: gender, orientation, age and looks fit the niche (issue 20, point 3). */
export function makeDemoPerson(rand: Rand, c: PersonContext): DemoPerson {
  const { niche, country } = c;
  const data = DEMO_COUNTRIES[country] as CountryData;

  let gender: DemoPerson['gender'];
  if (niche === 7) gender = 'male';
  else if (niche === 2 || niche === 4 || niche === 5 || niche === 6) gender = 'female';
  else gender = rand.chance(0.5) ? 'female' : 'male';

  let sexuality: DemoPerson['sexuality'];
  let seekingGender: DemoPerson['seekingGender'];
  if (niche === 2) {
    sexuality = rand.chance(0.7) ? 'lesbian' : 'bi';
    seekingGender = 'female';
  } else if (niche === 7) {
    sexuality = rand.chance(0.85) ? 'gay' : 'bi';
    seekingGender = 'male';
  } else {
    sexuality = rand.chance(niche === 3 ? 0.25 : 0.1) ? 'bi' : 'hetero';
    seekingGender = gender === 'male' ? 'female' : 'male';
  }

  const age = c.forcedAge ?? ageFor(rand, niche, gender);
  const city = rand.pick(data.cities);
  const used = c.usedNames.get(country) ?? new Set<string>();
  c.usedNames.set(country, used);
  const first = rand.pick(gender === 'female' ? data.female : data.male);
  const name = displayName(rand, first, age, used);
  used.add(name);

  const tattoos = tattoosFor(rand, age, niche);
  const interests = interestsFor(rand, niche, age, tattoos);
  const about = bioFor(rand, niche, city, data.mum, interests, c.previousBio);

  return {
    name,
    gender,
    seekingGender,
    sexuality,
    age,
    country,
    city,
    niche,
    about,
    interests,
    hairColor: hairFor(rand, age, data.look),
    eyeColor: eyesFor(rand, data.look),
    bodyType: bodyFor(rand, niche, gender),
    relationshipStatus: statusFor(rand, age),
    tattoos,
    fictional: c.fictional,
  };
}

function generateDemoPeople(seed: number): DemoPerson[] {
  const rand = makeRand(seed);

  const niches: number[] = [];
  for (const [niche, count] of Object.entries(NICHE_COUNTS)) {
    for (let i = 0; i < count; i++) niches.push(Number(niche));
  }
  rand.shuffle(niches);

  const countries: string[] = [];
  for (const [code, data] of Object.entries(DEMO_COUNTRIES)) {
    for (let i = 0; i < data.weight; i++) countries.push(code);
  }
  rand.shuffle(countries);

  const fictional = new Set(rand.shuffle([...Array(TOTAL).keys()]).slice(0, FICTIONAL_COUNT));
  const usedNames = new Map<string, Set<string>>();
  const people: DemoPerson[] = [];
  let previousBio = '';

  for (let idx = 0; idx < TOTAL; idx++) {
    const niche = niches[idx] as number;
    // The first general member and the first gilf span the advertised age range (19-74).
    const forcedAge = idx === niches.indexOf(1) ? 19 : idx === niches.indexOf(5) ? 74 : undefined;
    const person = makeDemoPerson(rand, {
      niche,
      country: countries[idx] as string,
      forcedAge,
      fictional: fictional.has(idx),
      usedNames,
      previousBio,
    });
    previousBio = person.about;
    people.push(person);
  }

  return people;
}

/** The 120 demo members, identical on every run. */
export const demoPeople: DemoPerson[] = generateDemoPeople(20250611);
