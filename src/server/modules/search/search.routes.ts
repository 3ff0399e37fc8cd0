import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ageOn } from '../../../shared/dates';
import { nicheVisitorSearchDefaults, withinNicheAges } from '../../../shared/niche-defaults';
import type { ProfileCard } from '../../../shared/schemas/members';
import { isCamKind } from '../../../shared/schemas/profile-kind';
import {
  type SearchResponse,
  searchRequestSchema,
  searchResponseSchema,
} from '../../../shared/schemas/search';
import { filtersOf, resolveSearch, searchDefaultsOf } from '../../../shared/search-defaults';
import { AppError } from '../../lib/app-error';
import { findLikedAmong } from '../likes/likes.repo';
import { presentPhotoUrls } from '../photos/photos.presenter';
import { createSearchCaches, dropSearchCaches } from './search.cache';
import type { SearchRow } from './search.repo';
import {
  adaptForViewer,
  loggedOutSearchAllowed,
  profileMatches,
  type SearchOutcome,
  searchFilterOf,
  searchMembers,
  similarFilterOf,
} from './search.service';

/**
 * The search state of the web URL may carry the visitor's tracking parameters (network, ref, sub1…): `network`
 * tells whether the visitor has a traffic source; any other extra key is accepted and dropped.
 */
const searchRouteQuerySchema = searchRequestSchema.safeExtend({
  network: z.string().max(200).optional(),
});

function toCard(cdnPrefix: string, row: SearchRow, now: Date): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    city: row.city,
    country: row.country,
    fictional: row.fictional,
    // Only where the site mixes them in (cams_in_search): marked as such.
    ...(isCamKind(row.kind) ? { kind: row.kind } : {}),
    ...(row.verified ? { verified: true } : {}),
    main_image: row.storageKey
      ? presentPhotoUrls(cdnPrefix, row.storageKey, row.photoStatus ?? 'active')
      : null,
  };
}

/** A cached answer for nobody in particular: the outcome (with the match after the page) and the answer as sent. */
interface SharedAnswer {
  outcome: SearchOutcome;
  body: SearchResponse;
}

/**
 * GET /api/search.php: the member search of the site's niche. Signed-out visitors may search unless the site's
 * logged_out_search settings say otherwise (403 authentication_required: the web app shows login/signup). A signed-in
 * member's filters left out take the member's defaults (src/shared/search-defaults.ts); the answer names the filters
 * it was made with.
 */
export const searchRoutes: FastifyPluginAsyncZod<{ cacheSeconds: number }> = async (app, opts) => {
  const caches = createSearchCaches(opts.cacheSeconds);
  app.addHook('onClose', async () => dropSearchCaches(caches));

  app.get(
    '/api/search.php',
    { schema: { querystring: searchRouteQuerySchema, response: { 200: searchResponseSchema } } },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      if (!req.auth && !loggedOutSearchAllowed(site, Boolean(req.query.network))) {
        throw new AppError(403, 'authentication_required');
      }
      // A member's answer depends on blocks and invisible modes that may change at any moment: never stored.
      reply
        .header('Cache-Control', req.auth ? 'private, no-store' : 'public, max-age=30')
        .header('Vary', 'Cookie');
      const now = new Date();
      const { network: _network, ...request } = req.query;
      const viewer = req.auth;
      // A member's own defaults within the niche's ages; a visitor's are the niche's (src/shared/niche-defaults.ts).
      const defaults = viewer
        ? withinNicheAges(searchDefaultsOf(viewer.profile, now), site.niche)
        : undefined;
      const query = resolveSearch(request, defaults ?? nicheVisitorSearchDefaults(site.niche));
      const filters = filtersOf(query);
      const present = (found: SearchOutcome): SearchResponse => ({
        profiles: found.rows.map((r) => toCard(site.cdnPrefix, r, now)),
        numResults: found.numResults,
        numResultsCapped: found.numResultsCapped,
        page: found.page,
        pages: found.pages,
        similar: found.similar.map((r) => toCard(site.cdnPrefix, r, now)),
        filters,
        defaults: null,
      });
      const answer = async (): Promise<SearchResponse> => {
        const own = async () =>
          present(
            await searchMembers(app.db, { niche: site.niche, viewerId: viewer?.user.id, query, now, caches }),
          );
        // Blocks make a member's answer their own; so does running without caches (nothing to share).
        if (!caches || viewer?.hasBlocks) return own();

        // The answer for nobody in particular, shared by every signed-out visitor of the site and adapted for members
        // (see search.cache.ts and adaptForViewer).
        const key = `${site.id}|${JSON.stringify(query)}`;
        let shared = caches.responses.get(key) as SharedAnswer | undefined;
        if (!shared) {
          const outcome = await searchMembers(app.db, {
            niche: site.niche,
            viewerId: undefined,
            query,
            now,
            caches,
            lookahead: true,
          });
          shared = { outcome, body: present(outcome) };
          caches.responses.set(key, shared);
        }
        if (!viewer) return shared.body;
        const filter = searchFilterOf(site.niche, query, undefined, now);
        if (!profileMatches(similarFilterOf(filter, query, now), viewer.profile)) return shared.body;
        const adapted = adaptForViewer(shared.outcome, {
          id: viewer.user.id,
          lastActiveMs: viewer.profile.lastActiveAt.getTime(),
          inSearch: profileMatches(filter, viewer.profile),
        });
        return adapted ? present(adapted) : own();
      };
      const found = await answer();
      if (!viewer) return found;
      // The hearts on the cards: which of these members the viewer likes (one primary-key probe per card).
      const ids = [...found.profiles, ...found.similar].map((p) => p.id);
      // The defaults are the member's own: never part of a shared answer.
      return {
        ...found,
        defaults: defaults ?? null,
        liked: await findLikedAmong(app.db, viewer.user.id, ids),
      };
    },
  );
};
