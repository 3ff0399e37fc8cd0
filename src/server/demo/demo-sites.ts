import { eq } from 'drizzle-orm';
import { COUNTRIES, type Locale, NICHES, type NicheId } from '../../shared/locales';
import type { Db } from '../db/client';
import { type Company, companies, sites } from '../db/schema';
import { DEFAULT_COMPANY, defaultSite } from '../modules/sites/site-defaults';
import { insertCompany, insertSite } from '../modules/sites/sites.repo';
import { type DemoPerson, demoPeople, makeDemoPerson } from './demo-people';
import { makeRand } from './demo-random';

/**
 * The demo network (issue 20, point 4): next to the general site on the default domain, one site per other niche on
 * `<niche>.<default domain>` (gay.localhost, bbw.localhost... which browsers resolve to this machine), each with its
 * own name, languages, countries and company block, all sharing the one member base: a member's niche decides on
 * which sites they are shown. Demo only (config.demoContent); operators add sites as docs/operations.md says.
 */
export interface DemoSite {
  niche: Exclude<NicheId, 1>;
  name: string;
  indexTitle: string;
  description: string;
  domainLanguage: Locale;
  languages: readonly Locale[];
  countries: readonly string[];
  /** Which demo company runs it (an index into DEMO_COMPANIES). */
  company: number;
}

/** The companies behind the demo niche sites (the general site keeps the default company). */
export const DEMO_COMPANIES = [
  {
    name: 'Amora Niche Media GmbH',
    address: 'Friedrichstraße 120',
    kvk: 'HRB 000000 B',
    city: 'Berlin',
    country: 'DE',
    tradenames: ['Amora Men', 'Amora Noir'],
    vatNumbers: ['DE000000000'],
    supportPhone: '+49 30 0000000',
    deleteDiscount: 20,
  },
  {
    name: 'Amora Curves Ltd',
    address: '1 Example Street',
    kvk: '00000000',
    city: 'London',
    country: 'GB',
    tradenames: ['Amora Curves', 'Amora She'],
    vatNumbers: ['GB000000000'],
    supportPhone: '+44 20 0000 0000',
    deleteDiscount: 30,
  },
] as const;

export const DEMO_SITES: readonly DemoSite[] = [
  {
    niche: 2,
    name: 'Amora She',
    indexTitle: 'Amora She – women meeting women',
    description: 'Amora She is where lesbian and bi women meet, chat and date.',
    domainLanguage: 'en',
    languages: ['en', 'nl', 'fr'],
    countries: ['GB', 'IE', 'NL', 'BE'],
    company: 1,
  },
  {
    niche: 3,
    name: 'Amora Noir',
    indexTitle: 'Amora Noir – kink-friendly dating',
    description: 'Amora Noir: adults who share a passion for trust, power and play meet here, discreetly.',
    domainLanguage: 'de',
    languages: ['de', 'nl', 'en'],
    countries: ['DE', 'AT', 'CH', 'NL'],
    company: 0,
  },
  {
    niche: 4,
    name: 'Amora Curves',
    indexTitle: 'Amora Curves – curvy singles and their admirers',
    description: 'Amora Curves celebrates every body: meet curvy singles and the people who admire them.',
    domainLanguage: 'en',
    languages: ['en', 'fr', 'es'],
    countries: ['GB', 'IE', 'US', 'CA'],
    company: 1,
  },
  {
    niche: 5,
    name: 'Amora Golden',
    indexTitle: 'Amora Golden – dating at 60 and beyond',
    description: 'Amora Golden: experienced women meet people who appreciate a life well lived.',
    domainLanguage: 'nl',
    languages: ['nl', 'de', 'fr', 'en'],
    countries: ['NL', 'BE', 'DE'],
    company: -1,
  },
  {
    niche: 6,
    name: 'Amora Bloom',
    indexTitle: 'Amora Bloom – confident women dating',
    description: 'Amora Bloom connects self-assured women with people who appreciate them.',
    domainLanguage: 'fr',
    languages: ['fr', 'it', 'es', 'de', 'en'],
    countries: ['FR', 'IT', 'ES', 'CH'],
    company: -1,
  },
  {
    niche: 7,
    name: 'Amora Men',
    indexTitle: 'Amora Men – gay dating',
    description: 'Amora Men is where gay and bi men meet, chat and go on dates.',
    domainLanguage: 'en',
    languages: ['en', 'de', 'nl', 'sv', 'da'],
    countries: ['GB', 'DE', 'NL', 'SE', 'DK'],
    company: 0,
  },
];

/** Members per niche and country the demo seed guarantees in every country a demo site serves. */
export const DEMO_MIN_PER_COUNTRY = 4;

export function demoSiteDomain(niche: number, defaultDomain: string): string {
  return `${NICHES[niche as NicheId] ?? 'general'}.${defaultDomain}`;
}

/** The niche and countries of every demo site, the general one on the default domain serving every country. */
export function demoCoverage(): { niche: number; countries: readonly string[] }[] {
  return [
    { niche: 1, countries: COUNTRIES },
    ...DEMO_SITES.map((s) => ({ niche: s.niche, countries: s.countries })),
  ];
}

/**
 * The members added to the 120 of demo-people.ts so that every demo site has DEMO_MIN_PER_COUNTRY members of its
 * niche in each country it serves (the same list on every run; none fictional).
 */
function generateCoveragePeople(base: readonly DemoPerson[]): DemoPerson[] {
  const rand = makeRand(20261128);
  const usedNames = new Map<string, Set<string>>();
  for (const p of base) {
    const used = usedNames.get(p.country) ?? new Set<string>();
    used.add(p.name);
    usedNames.set(p.country, used);
  }
  const extra: DemoPerson[] = [];
  let previousBio = base.at(-1)?.about ?? '';
  for (const { niche, countries } of demoCoverage()) {
    for (const country of countries) {
      const have = base.filter((p) => p.niche === niche && p.country === country).length;
      for (let i = have; i < DEMO_MIN_PER_COUNTRY; i++) {
        const person = makeDemoPerson(rand, { niche, country, fictional: false, usedNames, previousBio });
        previousBio = person.about;
        extra.push(person);
      }
    }
  }
  return extra;
}

/** Every demo member: the 120 of demo-people.ts, then those that cover each demo site's countries. */
export const allDemoPeople: readonly DemoPerson[] = [...demoPeople, ...generateCoveragePeople(demoPeople)];

/** Creates the demo niche sites and their companies when missing (by domain); returns how many were created. */
export async function ensureDemoSites(db: Db, defaultDomain: string): Promise<number> {
  const made = new Map<number, Company>();
  let created = 0;
  for (const demo of DEMO_SITES) {
    const domain = demoSiteDomain(demo.niche, defaultDomain);
    const [existing] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, domain)).limit(1);
    if (existing) continue;
    const info = demo.company >= 0 ? DEMO_COMPANIES[demo.company] : undefined;
    let company = made.get(demo.company);
    if (!company) {
      const values = info ?? DEFAULT_COMPANY;
      const [same] = await db.select().from(companies).where(eq(companies.name, values.name)).limit(1);
      company =
        same ??
        (await insertCompany(db, {
          ...values,
          tradenames: [...values.tradenames],
          vatNumbers: [...values.vatNumbers],
        }));
      made.set(demo.company, company);
    }
    const base = defaultSite(domain, company.id, demo.domainLanguage);
    await insertSite(db, {
      ...base,
      niche: demo.niche,
      name: demo.name,
      indexTitle: demo.indexTitle,
      description: demo.description,
      mailName: demo.name,
      supportPhone: company.supportPhone,
      languages: [...demo.languages],
      countries: [...demo.countries],
    });
    created += 1;
  }
  return created;
}
