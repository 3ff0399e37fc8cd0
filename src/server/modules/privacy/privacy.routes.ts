import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PrivacySettings, privacySettingsSchema } from '../../../shared/schemas/member-profile';
import type { Profile } from '../../db/schema';
import { profiles } from '../../db/schema';
import { refreshSearchable } from '../members/searchable';
import { announceListingChange } from '../search/search.cache';

export function presentPrivacySettings(
  p: Pick<Profile, 'invisible' | 'privacyMode' | 'leaveVisits'>,
): PrivacySettings {
  return { invisible: p.invisible, privacy_mode: p.privacyMode, leave_visits: p.leaveVisits };
}

/**
 * /api/privacy.php — GET the signed-in member's invisible mode, privacy mode and whether they leave visits (who
 * viewed me); PUT changes any of them and answers the full settings. Only ever the member's own settings.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  app.get(
    '/api/privacy.php',
    { schema: { response: { 200: privacySettingsSchema } } },
    async (req, reply) => {
      const { profile } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      return presentPrivacySettings(profile);
    },
  );

  app.put(
    '/api/privacy.php',
    { schema: { body: privacySettingsSchema.partial(), response: { 200: privacySettingsSchema } } },
    async (req, reply) => {
      const { profile, user } = req.requireAuth();
      const b = req.body;
      if (b.invisible === undefined && b.privacy_mode === undefined && b.leave_visits === undefined)
        return presentPrivacySettings(profile);
      const updated = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(profiles)
          .set({
            ...(b.invisible !== undefined && { invisible: b.invisible }),
            ...(b.privacy_mode !== undefined && { privacyMode: b.privacy_mode }),
            ...(b.leave_visits !== undefined && { leaveVisits: b.leave_visits }),
            updatedAt: new Date(),
          })
          .where(eq(profiles.userId, user.id))
          .returning({
            invisible: profiles.invisible,
            privacyMode: profiles.privacyMode,
            leaveVisits: profiles.leaveVisits,
          });
        if (b.invisible !== undefined) await refreshSearchable(tx, user.id);
        return row;
      });
      // Committed: the member leaves (or comes back to) the next search on every instance.
      if (b.invisible !== undefined) announceListingChange();
      reply.header('Cache-Control', 'no-store');
      return presentPrivacySettings(updated!);
    },
  );
};
