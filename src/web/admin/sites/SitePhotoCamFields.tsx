import { useTranslation } from 'react-i18next';
import { PHOTO_REVIEW_MODES, type PhotoReviewMode } from '../../../shared/schemas/admin-photos';
import { NumberField, SelectField, SwitchField } from './fields';
import type { SetField, SiteDraft } from './site-draft';

/**
 * Photo moderation (when a moderator looks at a new photo, and the explicit score that flags it) and whether the
 * site's cam and resell profiles are listed in the member search too.
 */
export function SitePhotoCamFields({
  draft,
  set,
  error,
}: {
  draft: SiteDraft;
  set: SetField;
  error: unknown;
}) {
  const { t } = useTranslation('sites');
  return (
    <div className="row g-3">
      <SelectField<PhotoReviewMode>
        id="site-photo-review"
        field="photo_review"
        label={t('field.photo_review')}
        value={draft.photo_review}
        onChange={(v) => set('photo_review', v)}
        options={PHOTO_REVIEW_MODES.map((m) => ({ value: m, label: t(`photo_review.${m}`) }))}
        help={t(`help.photo_review_${draft.photo_review}`)}
        className="col-12 col-md-6"
        error={error}
      />
      <NumberField
        id="site-photo-explicit-threshold"
        field="photo_explicit_threshold"
        label={t('field.photo_explicit_threshold')}
        value={draft.photo_explicit_threshold}
        onChange={(v) => set('photo_explicit_threshold', v)}
        help={t('help.photo_explicit_threshold')}
        className="col-12 col-md-6"
        error={error}
      />
      <SwitchField
        id="site-cams-in-search"
        field="cams_in_search"
        label={t('field.cams_in_search')}
        value={draft.cams_in_search}
        onChange={(v) => set('cams_in_search', v)}
        help={t('help.cams_in_search')}
        className="col-12"
        error={error}
      />
    </div>
  );
}
