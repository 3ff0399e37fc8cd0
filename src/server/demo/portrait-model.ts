/** The portrait's options and traits, and the colours the generator uses (portrait-svg.ts). */

export type PortraitGender = 'male' | 'female';

export interface PortraitOptions {
  seed: number;
  gender: PortraitGender;
  age: number;
  /** Output width/height in pixels; the viewBox is always 0 0 600 600. Default 600. */
  size?: number;
  /** Optional hints so the picture can match a profile; chosen from the seed when absent. */
  hairColor?: 'black' | 'brown' | 'blonde' | 'red' | 'grey' | 'other';
  eyeColor?: 'brown' | 'blue' | 'green' | 'grey' | 'hazel';
  bodyType?: 'slim' | 'athletic' | 'average' | 'curvy' | 'large';
}

export type BackgroundKind = 'gradient' | 'sunset' | 'wall' | 'plants' | 'bokeh' | 'sky' | 'studio';
export type HairStyle =
  | 'crop'
  | 'sidepart'
  | 'quiff'
  | 'buzz'
  | 'bald'
  | 'receding'
  | 'curlyShort'
  | 'afro'
  | 'manbun'
  | 'shoulder'
  | 'long'
  | 'wavy'
  | 'bob'
  | 'ponytail'
  | 'bun'
  | 'pixie'
  | 'curlyLong'
  | 'fringe';
export type BeardStyle = 'none' | 'stubble' | 'short' | 'full' | 'mustache' | 'goatee';
export type ClothingKind =
  | 'tee'
  | 'vneck'
  | 'shirt'
  | 'sweater'
  | 'blazer'
  | 'turtleneck'
  | 'hoodie'
  | 'blouse';

export interface PortraitTraits {
  background: BackgroundKind;
  skin: string;
  hairStyle: HairStyle;
  hairColor: string;
  hairColorName: 'black' | 'brown' | 'blonde' | 'red' | 'grey' | 'other';
  eyes: 'open' | 'smile';
  irisColor: string;
  irisColorName: 'brown' | 'blue' | 'green' | 'grey' | 'hazel';
  beard: BeardStyle;
  glasses: boolean;
  earrings: boolean;
  clothing: ClothingKind;
  clothingColor: string;
  scarf: boolean;
}

/** Colours used by the generator, exported so other demo code can stay visually consistent. */
export const portraitPalette = {
  skin: [
    '#fbe6d8',
    '#f6dac6',
    '#f1cdb4',
    '#e9bf9f',
    '#deaa85',
    '#d29a73',
    '#c38860',
    '#ad744c',
    '#966141',
    '#7e4f34',
    '#68402a',
    '#553322',
    '#43291c',
  ],
  hair: {
    black: ['#1c1a19', '#2a211c'],
    brown: ['#3d2a1f', '#5a3d29', '#7a5436', '#93683f'],
    blonde: ['#c9a063', '#dcbb7d', '#e8d3a2'],
    red: ['#8e3b1f', '#b4562d', '#a8482a'],
    grey: ['#8f8c89', '#b3b0ac', '#d9d6d2', '#6f6b67'],
    other: ['#5e2a36', '#4b3a4f'],
  },
  iris: {
    brown: ['#5b3a21', '#3f2716'],
    hazel: ['#7b6331'],
    green: ['#4d7a4b', '#5e8a5a'],
    blue: ['#3f6fa8', '#5a86b8'],
    grey: ['#6d7b86'],
  },
  clothing: [
    '#2f3e5c',
    '#2a7f7a',
    '#d8a93b',
    '#c8643b',
    '#8fae8b',
    '#7d2e3f',
    '#efe6d2',
    '#3b3f46',
    '#7fb3d5',
    '#f08a6c',
    '#a99ad6',
    '#2f5d46',
    '#b98a5a',
    '#f4f4f2',
    '#4f6f94',
    '#d98a9a',
    '#6b7a3a',
    '#6a3f6e',
    '#d4543d',
    '#9aa0a6',
  ],
} as const;
