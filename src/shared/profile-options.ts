/**
 * The choices of a profile's fields (the profile schemas in schemas/profiles.ts validate against them and re-export
 * them). Without zod, so screens of the web app's first page (search filters, cards) do not load the schemas.
 */
export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const HAIR_COLORS = ['black', 'brown', 'blonde', 'red', 'grey', 'other'] as const;
export const EYE_COLORS = ['brown', 'blue', 'green', 'grey', 'hazel'] as const;
export const BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'large'] as const;
export const RELATIONSHIP_STATUSES = ['single', 'divorced', 'widowed', 'separated', 'relationship'] as const;
export const TATTOO_OPTIONS = ['none', 'some', 'many'] as const;
export const SIGNUP_REASONS = ['relationship', 'friendship', 'dating', 'chat', 'adventure'] as const;

export const ABOUT_MAX = 2000;
