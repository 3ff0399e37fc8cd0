/** The sentences the demo members' bios (demo-people.ts) are made of: friendly, English, never explicit. */

import type { DemoInterest } from './demo-interests';

// Bio sentences ({city} and {mum} are substituted)
// ---------------------------------------------------------------------------------------------

export const OPENERS = [
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

export const INTEREST_LINES: Partial<Record<DemoInterest, string>> = {
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

export const LOOKING = [
  'Looking for someone kind to share lazy Sundays and spontaneous trips with.',
  'Hoping to meet someone who laughs at my jokes, even the bad ones.',
  "Let's start with a coffee and see where the conversation takes us.",
  'Looking for something real, but happy to start as friends.',
  'If you like deep talks and silly moments, say hello.',
  'Seeking a partner in crime for new restaurants and old films.',
  'Ready for a new chapter with someone warm and honest.',
  'Not in a rush, just open to meeting someone special.',
] as const;

export const NICHE_LINES: Record<number, readonly string[]> = {
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
