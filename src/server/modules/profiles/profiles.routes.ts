import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupStepPassedSchema, userResponseSchema } from '../../../shared/schemas/accounts';
import { ownProfileResponseSchema, profileUpdateSchema } from '../../../shared/schemas/profiles';
import { sexualityFits } from '../../../shared/seeking';
import { profiles } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { passSignupStep } from '../accounts/signup-steps.service';
import { currentUserBody } from '../auth/auth.routes';
import { isRegionOf } from '../geo/regions';
import { invalidateSearchCaches } from '../search/search.cache';
import { locationCells } from './location';
import { orientationFitsAfter } from './orientation-guard';
import { presentOwnProfile } from './profiles.presenter';

/**
 * The signed-in member's own profile: read and update (signup steps 2 and 3, and the profile screen), and where the
 * member is in the signup steps.
 */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/profile.php', { schema: { response: { 200: ownProfileResponseSchema } } }, async (req) => {
    const { profile } = req.requireAuth();
    return { profile: presentOwnProfile(profile) };
  });

  // A signup step done or skipped: the answer is the member with the step they continue at (signup_step).
  app.post(
    '/api/signup-step.php',
    { schema: { body: signupStepPassedSchema, response: { 200: userResponseSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      await passSignupStep(app.db, user.id, req.body.step);
      return currentUserBody(req);
    },
  );

  app.put(
    '/api/profile.php',
    { schema: { body: profileUpdateSchema, response: { 200: ownProfileResponseSchema } } },
    async (req) => {
      const { profile, user } = req.requireAuth();
      const b = req.body;
      const country = b.country ?? profile.country;
      const region =
        b.region === undefined
          ? b.country && b.country !== profile.country
            ? null
            : profile.region
          : b.region;
      if (region && !isRegionOf(country, region))
        throw fieldError(400, 'validation_failed', 'region', 'validation.region_invalid');
      // Gender and orientation must go together (man + lesbian, woman + gay do not), also when one of them is sent
      // alone: checked here against the stored other, and in the update itself against a concurrent edit.
      const contradiction = () =>
        fieldError(400, 'validation_failed', 'sexuality', 'validation.sexuality_contradicts_gender');
      if (
        !sexualityFits(
          b.gender ?? profile.gender,
          b.sexuality === undefined ? profile.sexuality : b.sexuality,
        )
      )
        throw contradiction();
      // Snapped to a ~1 km grid before it is stored; only `has_location` is ever sent back.
      const location = locationCells(b);
      const [updated] = await app.db
        .update(profiles)
        .set({
          ...(b.gender !== undefined && { gender: b.gender }),
          ...(b.seeking_gender !== undefined && { seekingGender: b.seeking_gender }),
          ...(b.sexuality !== undefined && { sexuality: b.sexuality }),
          ...(b.hair_color !== undefined && { hairColor: b.hair_color }),
          ...(b.eye_color !== undefined && { eyeColor: b.eye_color }),
          ...(b.body_type !== undefined && { bodyType: b.body_type }),
          ...(b.relationship_status !== undefined && { relationshipStatus: b.relationship_status }),
          ...(b.tattoos !== undefined && { tattoos: b.tattoos }),
          ...(b.signup_reason !== undefined && { signupReason: b.signup_reason }),
          ...(b.city !== undefined && { city: b.city || null }),
          ...(b.about !== undefined && { about: b.about }),
          ...(b.interests !== undefined && { interests: b.interests }),
          ...location,
          country,
          region,
          updatedAt: new Date(),
        })
        .where(and(eq(profiles.userId, user.id), orientationFitsAfter(b)))
        .returning();
      if (!updated) throw contradiction();
      // What search filters on and shows on a card (gender, living area): cached answers must not keep the old.
      if ([b.gender, b.country, b.region, b.city].some((v) => v !== undefined)) invalidateSearchCaches();
      return { profile: presentOwnProfile(updated) };
    },
  );
};
