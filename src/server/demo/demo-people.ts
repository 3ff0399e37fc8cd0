/**
 * 120 deterministic demo members used to populate a fresh installation.
 *
 * Everything is generated from a fixed seed, so the list is identical on every run. Bios are
 * English, friendly and non-explicit; they are composed from a pool of sentences so that
 * neighbouring profiles never read the same.
 */

import { EXPLICIT_INTERESTS, INTERESTS, type Interest } from '../../shared/rules';

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

export type DemoInterest = Exclude<Interest, (typeof EXPLICIT_INTERESTS)[number]>;

/** Interest keys a demo person may have: the spec's list (rules.ts) without the explicit ones, in its order. */
export const DEMO_INTERESTS: readonly DemoInterest[] = INTERESTS.filter(
  (i): i is DemoInterest => !(EXPLICIT_INTERESTS as readonly Interest[]).includes(i),
);

interface CountryData {
  weight: number;
  cities: readonly string[];
  female: readonly string[];
  male: readonly string[];
  /** Rough look of the population, used for hair and eye colour. */
  look: 'nordic' | 'central' | 'southern' | 'mixed';
  mum: 'mum' | 'mom';
}

/** Countries the demo members live in, with real cities and culturally fitting first names. */
export const DEMO_COUNTRIES: Readonly<Record<string, CountryData>> = {
  NL: {
    weight: 10,
    look: 'central',
    mum: 'mum',
    cities: [
      'Amsterdam',
      'Rotterdam',
      'Utrecht',
      'Den Haag',
      'Eindhoven',
      'Groningen',
      'Haarlem',
      'Nijmegen',
      'Leiden',
      'Maastricht',
      'Zwolle',
      'Breda',
    ],
    female: [
      'Sanne',
      'Lotte',
      'Anouk',
      'Femke',
      'Eva',
      'Marieke',
      'Ilse',
      'Noor',
      'Fleur',
      'Annemiek',
      'Ingrid',
      'Joke',
    ],
    male: [
      'Daan',
      'Bram',
      'Thijs',
      'Jeroen',
      'Sander',
      'Ruben',
      'Pieter',
      'Joost',
      'Wouter',
      'Kees',
      'Maarten',
      'Niels',
    ],
  },
  BE: {
    weight: 6,
    look: 'central',
    mum: 'mum',
    cities: ['Brussels', 'Antwerp', 'Ghent', 'Bruges', 'Leuven', 'Liège', 'Namur', 'Mechelen', 'Hasselt'],
    female: ['Lien', 'Elise', 'Marie', 'Charlotte', 'Fien', 'Annelies', 'Sofie', 'Nathalie', 'Hilde', 'Inge'],
    male: ['Wout', 'Arne', 'Jelle', 'Thomas', 'Koen', 'Maxime', 'Luc', 'Dries', 'Bart', 'Pieterjan'],
  },
  DE: {
    weight: 10,
    look: 'central',
    mum: 'mum',
    cities: [
      'Berlin',
      'Hamburg',
      'Munich',
      'Cologne',
      'Frankfurt',
      'Stuttgart',
      'Leipzig',
      'Dresden',
      'Düsseldorf',
      'Bremen',
      'Freiburg',
      'Hannover',
    ],
    female: [
      'Lena',
      'Hannah',
      'Julia',
      'Anna',
      'Katrin',
      'Sabine',
      'Miriam',
      'Franziska',
      'Heike',
      'Ute',
      'Lea',
      'Nina',
    ],
    male: [
      'Lukas',
      'Jonas',
      'Felix',
      'Tobias',
      'Florian',
      'Stefan',
      'Matthias',
      'Jan',
      'Uwe',
      'Markus',
      'Dirk',
      'Moritz',
    ],
  },
  AT: {
    weight: 5,
    look: 'central',
    mum: 'mum',
    cities: ['Vienna', 'Graz', 'Linz', 'Salzburg', 'Innsbruck', 'Klagenfurt'],
    female: ['Katharina', 'Magdalena', 'Theresa', 'Verena', 'Johanna', 'Elisabeth', 'Barbara', 'Sophie'],
    male: ['Maximilian', 'Andreas', 'Georg', 'Michael', 'Lorenz', 'Clemens', 'Bernhard', 'Florian'],
  },
  CH: {
    weight: 5,
    look: 'central',
    mum: 'mum',
    cities: ['Zurich', 'Geneva', 'Basel', 'Bern', 'Lausanne', 'Lucerne', 'Lugano'],
    female: ['Noemi', 'Seraina', 'Corinne', 'Livia', 'Nadine', 'Ursula', 'Chiara', 'Mirjam'],
    male: ['Reto', 'Urs', 'Luca', 'Beat', 'Simon', 'Nicolas', 'Fabian', 'Matteo'],
  },
  FR: {
    weight: 7,
    look: 'southern',
    mum: 'mum',
    cities: [
      'Paris',
      'Lyon',
      'Marseille',
      'Toulouse',
      'Bordeaux',
      'Nantes',
      'Lille',
      'Nice',
      'Strasbourg',
      'Montpellier',
    ],
    female: [
      'Camille',
      'Léa',
      'Chloé',
      'Manon',
      'Élodie',
      'Isabelle',
      'Sophie',
      'Margaux',
      'Nathalie',
      'Brigitte',
      'Juliette',
    ],
    male: [
      'Louis',
      'Hugo',
      'Julien',
      'Antoine',
      'Mathieu',
      'Pierre',
      'Nicolas',
      'Théo',
      'Olivier',
      'Guillaume',
    ],
  },
  IT: {
    weight: 7,
    look: 'southern',
    mum: 'mum',
    cities: ['Rome', 'Milan', 'Naples', 'Turin', 'Bologna', 'Florence', 'Verona', 'Genoa', 'Palermo'],
    female: [
      'Giulia',
      'Chiara',
      'Francesca',
      'Sara',
      'Martina',
      'Elena',
      'Valentina',
      'Paola',
      'Alessandra',
      'Federica',
    ],
    male: ['Marco', 'Luca', 'Matteo', 'Andrea', 'Giorgio', 'Davide', 'Lorenzo', 'Paolo', 'Stefano', 'Fabio'],
  },
  ES: {
    weight: 7,
    look: 'southern',
    mum: 'mum',
    cities: [
      'Madrid',
      'Barcelona',
      'Valencia',
      'Seville',
      'Bilbao',
      'Málaga',
      'Zaragoza',
      'Granada',
      'Palma',
    ],
    female: [
      'Lucía',
      'María',
      'Carmen',
      'Paula',
      'Laura',
      'Marta',
      'Elena',
      'Alba',
      'Nuria',
      'Pilar',
      'Irene',
    ],
    male: [
      'Javier',
      'Pablo',
      'Alejandro',
      'Daniel',
      'Sergio',
      'Carlos',
      'Diego',
      'Manuel',
      'Álvaro',
      'Jorge',
    ],
  },
  PL: {
    weight: 6,
    look: 'central',
    mum: 'mum',
    cities: ['Warsaw', 'Kraków', 'Gdańsk', 'Wrocław', 'Poznań', 'Łódź', 'Katowice', 'Lublin'],
    female: ['Marta', 'Kasia', 'Agnieszka', 'Ola', 'Magda', 'Zofia', 'Ewa', 'Joanna', 'Natalia', 'Dorota'],
    male: ['Piotr', 'Tomasz', 'Kuba', 'Michał', 'Krzysztof', 'Paweł', 'Marek', 'Bartek', 'Adam', 'Wojtek'],
  },
  DK: {
    weight: 5,
    look: 'nordic',
    mum: 'mum',
    cities: ['Copenhagen', 'Aarhus', 'Odense', 'Aalborg', 'Esbjerg'],
    female: ['Freja', 'Ida', 'Mette', 'Camilla', 'Signe', 'Line', 'Karen', 'Sofie'],
    male: ['Mads', 'Rasmus', 'Mikkel', 'Jesper', 'Anders', 'Søren', 'Frederik', 'Emil'],
  },
  FI: {
    weight: 4,
    look: 'nordic',
    mum: 'mum',
    cities: ['Helsinki', 'Espoo', 'Tampere', 'Turku', 'Oulu'],
    female: ['Aino', 'Emmi', 'Laura', 'Sanna', 'Heidi', 'Pirjo', 'Noora', 'Tiina'],
    male: ['Mikko', 'Juha', 'Antti', 'Ville', 'Janne', 'Eero', 'Lauri', 'Timo'],
  },
  NO: {
    weight: 4,
    look: 'nordic',
    mum: 'mum',
    cities: ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Tromsø'],
    female: ['Ingrid', 'Nora', 'Silje', 'Kari', 'Hanne', 'Marit', 'Thea', 'Ragnhild'],
    male: ['Henrik', 'Ola', 'Magnus', 'Sindre', 'Eirik', 'Knut', 'Håkon', 'Lars'],
  },
  SE: {
    weight: 5,
    look: 'nordic',
    mum: 'mum',
    cities: ['Stockholm', 'Gothenburg', 'Malmö', 'Uppsala', 'Västerås', 'Umeå'],
    female: ['Elin', 'Maja', 'Linnea', 'Sara', 'Karin', 'Annika', 'Ebba', 'Birgitta'],
    male: ['Erik', 'Oskar', 'Johan', 'Viktor', 'Gustav', 'Anders', 'Nils', 'Björn'],
  },
  GB: {
    weight: 9,
    look: 'mixed',
    mum: 'mum',
    cities: [
      'London',
      'Manchester',
      'Birmingham',
      'Leeds',
      'Glasgow',
      'Edinburgh',
      'Bristol',
      'Liverpool',
      'Brighton',
      'Cardiff',
      'Newcastle',
    ],
    female: [
      'Emily',
      'Charlotte',
      'Sophie',
      'Hannah',
      'Olivia',
      'Rachel',
      'Claire',
      'Gemma',
      'Lucy',
      'Margaret',
      'Sarah',
      'Beth',
    ],
    male: [
      'Oliver',
      'Jack',
      'Harry',
      'James',
      'Tom',
      'Callum',
      'Ben',
      'Rhys',
      'George',
      'Alastair',
      'Nigel',
      'Sam',
    ],
  },
  IE: {
    weight: 5,
    look: 'central',
    mum: 'mum',
    cities: ['Dublin', 'Cork', 'Galway', 'Limerick', 'Waterford', 'Kilkenny'],
    female: ['Aoife', 'Siobhan', 'Niamh', 'Ciara', 'Orla', 'Saoirse', 'Róisín', 'Maeve'],
    male: ['Ciarán', 'Seán', 'Conor', 'Cillian', 'Darragh', 'Oisín', 'Declan', 'Eoin'],
  },
  US: {
    weight: 10,
    look: 'mixed',
    mum: 'mom',
    cities: [
      'New York',
      'Los Angeles',
      'Chicago',
      'Austin',
      'Seattle',
      'Denver',
      'Boston',
      'Miami',
      'Portland',
      'San Diego',
      'Atlanta',
      'Minneapolis',
    ],
    female: [
      'Ashley',
      'Jessica',
      'Megan',
      'Brittany',
      'Kayla',
      'Lauren',
      'Tanya',
      'Maria',
      'Jennifer',
      'Denise',
      'Rachel',
      'Keisha',
    ],
    male: [
      'Tyler',
      'Jake',
      'Brandon',
      'Marcus',
      'Ryan',
      'Kevin',
      'Jordan',
      'Derek',
      'Carlos',
      'Chris',
      'Dwayne',
      'Mike',
    ],
  },
  CA: {
    weight: 5,
    look: 'mixed',
    mum: 'mom',
    cities: ['Toronto', 'Vancouver', 'Montreal', 'Calgary', 'Ottawa', 'Halifax', 'Winnipeg'],
    female: ['Chloe', 'Madison', 'Emma', 'Geneviève', 'Kaitlyn', 'Brooke', 'Sophie', 'Danielle'],
    male: ['Liam', 'Noah', 'Ethan', 'Mathieu', 'Owen', 'Connor', 'Gabriel', 'Tristan'],
  },
  AU: {
    weight: 6,
    look: 'mixed',
    mum: 'mum',
    cities: ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Hobart', 'Canberra'],
    female: ['Chloe', 'Jess', 'Mia', 'Tahlia', 'Kylie', 'Bronwyn', 'Sheree', 'Zoe'],
    male: ['Jack', 'Lachlan', 'Mitchell', 'Brodie', 'Hamish', 'Cooper', 'Darcy', 'Bruce'],
  },
  NZ: {
    weight: 4,
    look: 'mixed',
    mum: 'mum',
    cities: ['Auckland', 'Wellington', 'Christchurch', 'Dunedin', 'Hamilton', 'Queenstown'],
    female: ['Aroha', 'Mere', 'Isla', 'Ruby', 'Hana', 'Olivia', 'Kiri', 'Georgia'],
    male: ['Tane', 'Nikau', 'Finn', 'Hamish', 'Blake', 'Rawiri', 'Logan', 'Jamie'],
  },
};

// ---------------------------------------------------------------------------------------------
// Bio sentences ({city} and {mum} are substituted)
// ---------------------------------------------------------------------------------------------

const OPENERS = [
  'Easygoing and curious, with a soft spot for long conversations.',
  "I laugh easily and I'm told I make a great cup of coffee.",
  'Born and raised in {city}, and still finding new corners to love.',
  "Moved to {city} a few years ago and I'm slowly making it home.",
  'Friendly, a little nerdy and always up for a good story.',
  'Calm on the outside, quietly adventurous on the inside.',
  'I work in healthcare and try to keep my free time light and fun.',
  'Teacher by day, amateur chef by night.',
  'Optimist who believes most things get better after a walk.',
  'Honest, warm and a bit old-fashioned when it comes to good manners.',
  'I spend my days with spreadsheets and my evenings with good music.',
  'Early riser, dog lover, hopeless at keeping houseplants alive.',
  'Recently back from a year abroad and happy to be home in {city}.',
  'Creative soul who is happiest with a sketchbook and a view.',
  'Down to earth, loyal and proud of my big, noisy family.',
  'Engineer with a soft heart and a weakness for chocolate.',
  'Small-business owner who finally learned how to take a day off.',
  'Quiet at first, but give me ten minutes and I will not stop talking.',
] as const;

const INTEREST_LINES: Partial<Record<DemoInterest, string>> = {
  travelling: 'Next on my travel list: somewhere with mountains and good bread.',
  hiking: 'Weekends usually mean a long hike and a well-earned lunch.',
  cooking: 'I love cooking for friends, and the messier the kitchen the better.',
  music: 'Live music makes me happy, from small jazz bars to big festivals.',
  reading: 'Always halfway through a novel and happy to swap recommendations.',
  animals: 'My cat has strong opinions about who I date.',
  dancing: 'Dance classes on Thursdays keep me young.',
  coffee: 'Coffee first, then adventures.',
  wine: 'A glass of red and a good conversation is my idea of a perfect evening.',
  photography: 'I rarely leave the house without my camera.',
  gardening: 'My little garden is my pride and joy.',
  biking: 'You will find me cycling along the water most Sunday mornings.',
  beach: 'Give me a beach, a book and the sound of waves.',
  movies: 'Film nights with popcorn and subtitles are sacred.',
  gym: 'The gym keeps me sane, but I never skip dessert.',
  art: 'I can lose hours in a museum without noticing.',
  sports: 'Big fan of Sunday football, on the pitch or on the sofa.',
  outdoors: 'Happiest outdoors, whatever the weather.',
  theater: 'A night at the theatre is my favourite kind of date.',
  foodie: 'Always hunting for the best little restaurant in {city}.',
  videogames: 'Secretly very competitive at board games and video games.',
  tea: 'Proper tea, a blanket and a good series: bliss.',
  bbq: 'Summer means barbecues in the garden with friends.',
  sushi: 'I could eat sushi every day of the week.',
};

const LOOKING = [
  'Looking for someone kind to share lazy Sundays and spontaneous trips with.',
  'Hoping to meet someone who laughs at my jokes, even the bad ones.',
  "Let's start with a coffee and see where the conversation takes us.",
  'Looking for something real, but happy to start as friends.',
  'If you like deep talks and silly moments, say hello.',
  'Seeking a partner in crime for new restaurants and old films.',
  'Ready for a new chapter with someone warm and honest.',
  'Not in a rush, just open to meeting someone special.',
] as const;

const NICHE_LINES: Record<number, readonly string[]> = {
  2: [
    'Looking to meet a woman who enjoys slow mornings and good conversation.',
    'Proudly queer and looking for my person, or at least a great date.',
    "I'd love to meet a woman who is kind, curious and a little bit funny.",
    "Hoping to find a girlfriend to explore {city}'s galleries and cafés with.",
  ],
  3: [
    'Curious about trust and role play, with a big emphasis on respect and communication.',
    'I believe the best connections start with honest talks about boundaries.',
    'Interested in exploring a playful, trusting dynamic with the right person.',
    'Open-minded and respectful: consent and good chemistry always come first.',
  ],
  4: [
    'Curvy, confident and comfortable in my own skin.',
    "I love my curves and I'm looking for someone who appreciates them too.",
    'Big smile, big heart and a big appetite for life.',
  ],
  5: [
    'A grandmother, but still young at heart and ready for romance.',
    'Retired and finally have time for all the things I love.',
    'Life after sixty is for dancing, travelling and good company.',
  ],
  6: [
    '{Mum} of two teenagers and ready to put myself first again.',
    "My kids are growing up, so now it's my turn to have some fun.",
    'Busy working {mum} who still believes in romance.',
  ],
  7: [
    'Easygoing guy looking for a genuine connection with another man.',
    'Looking for a guy who enjoys good food, bad puns and long walks.',
    'Proud of who I am and hoping to meet a man who is too.',
  ],
};

/** Every distinct bio sentence in the pool (useful for tests and tooling). */
export const DEMO_BIO_SENTENCES: readonly string[] = [
  ...OPENERS,
  ...Object.values(INTEREST_LINES),
  ...LOOKING,
  ...Object.values(NICHE_LINES).flat(),
];

// ---------------------------------------------------------------------------------------------
// Deterministic generator
// ---------------------------------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Rand {
  float(): number;
  int(a: number, b: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  shuffle<T>(items: T[]): T[];
}

function makeRand(seed: number): Rand {
  const next = mulberry32(seed);
  const r: Rand = {
    float: next,
    int: (a, b) => a + Math.floor(next() * (b - a + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let x = next() * total;
      for (const [item, w] of items) {
        x -= w;
        if (x < 0) return item;
      }
      return (items[items.length - 1] as (typeof items)[number])[0];
    },
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j] as (typeof items)[number], items[i] as (typeof items)[number]];
      }
      return items;
    },
  };
  return r;
}

/** How many demo members each niche gets (niche 1 is the majority). */
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
    const country = countries[idx] as string;
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

    // The first general member and the first gilf span the advertised age range (19-74).
    const forcedAge = idx === niches.indexOf(1) ? 19 : idx === niches.indexOf(5) ? 74 : undefined;
    const age = forcedAge ?? ageFor(rand, niche, gender);
    const city = rand.pick(data.cities);
    const used = usedNames.get(country) ?? new Set<string>();
    usedNames.set(country, used);
    const first = rand.pick(gender === 'female' ? data.female : data.male);
    const name = displayName(rand, first, age, used);
    used.add(name);

    const tattoos = tattoosFor(rand, age, niche);
    const interests = interestsFor(rand, niche, age, tattoos);
    const about = bioFor(rand, niche, city, data.mum, interests, previousBio);
    previousBio = about;

    people.push({
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
      fictional: fictional.has(idx),
    });
  }

  return people;
}

/** The 120 demo members, identical on every run. */
export const demoPeople: DemoPerson[] = generateDemoPeople(20250611);
