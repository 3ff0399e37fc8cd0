import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminPhoto, NSFW_CLASSES } from '../../../shared/schemas/admin-photos';
import { formatDateTime } from '../components/format';

/** The photo under review, large, with its member, site, upload time and the classifier's verdict. */
export function PhotoReview({ photo }: { photo: AdminPhoto }) {
  const { t, i18n } = useTranslation('photos');
  return (
    <div className="row g-3" data-testid="photo-review" data-photo-id={photo.id}>
      <div className="col-12 col-lg-7">
        <div className="ratio ratio-1x1 bg-body-tertiary rounded-3 overflow-hidden photo-review-image">
          <img
            src={photo.image}
            alt={t('image_alt', { name: photo.member.name })}
            className="object-fit-contain w-100 h-100"
            data-testid="photo-review-image"
          />
        </div>
      </div>
      <div className="col-12 col-lg-5">
        <h2 className="h5 mb-1" data-testid="photo-review-member">
          {photo.member.name} <span className="text-body-secondary small">#{photo.member.id}</span>
        </h2>
        <p className="small text-body-secondary mb-2">
          {t('uploaded', { when: formatDateTime(photo.uploaded_at, i18n.language) })}
          <br />
          {t('site', { domain: photo.site.domain })} · {t(`mode.${photo.site.photo_review}`)} ·{' '}
          {t('language', { lng: photo.member.language })}
        </p>
        <div className="d-flex flex-wrap gap-1 mb-3">
          {photo.flagged && (
            <span className="badge text-bg-danger" data-testid="photo-flagged">
              <i className="bi bi-exclamation-triangle-fill me-1" aria-hidden="true" />
              {t('flagged')}
            </span>
          )}
          {photo.status === 'active' && <span className="badge text-bg-success">{t('public_now')}</span>}
          {photo.main && <span className="badge text-bg-primary">{t('main')}</span>}
          {photo.private && <span className="badge text-bg-dark">{t('private')}</span>}
        </div>
        {photo.scores ? (
          <dl className="photo-scores small mb-0" data-testid="photo-scores">
            {NSFW_CLASSES.map((c) => {
              const pct = Math.round((photo.scores?.[c] ?? 0) * 100);
              return (
                <div key={c} className="d-flex align-items-center gap-2 mb-1">
                  <dt className="fw-normal photo-score-label">{t(`scores.${c}`)}</dt>
                  <dd className="flex-grow-1 mb-0 d-flex align-items-center gap-2">
                    <div
                      className="progress flex-grow-1"
                      role="progressbar"
                      aria-label={t(`scores.${c}`)}
                      aria-valuenow={pct}
                      aria-valuemin={0}
                      aria-valuemax={100}
                    >
                      <ScoreFill pct={pct} danger={c === 'porn' || c === 'hentai'} />
                    </div>
                    <span className="text-end photo-score-value">{pct}%</span>
                  </dd>
                </div>
              );
            })}
          </dl>
        ) : (
          <p className="small text-warning-emphasis mb-0" data-testid="photo-unscored">
            {t('unscored')}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The filled part of a score bar. Its width is the `--progress` custom property set through the CSSOM, never a style
 * attribute (the Content-Security-Policy allows no inline styles; styles/no-inline-styles.test.ts).
 */
function ScoreFill({ pct, danger }: { pct: number; danger: boolean }) {
  const fill = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    fill.current?.style.setProperty('--progress', `${pct}%`);
  }, [pct]);
  return (
    <div ref={fill} className={`progress-bar progress-value ${danger ? 'bg-danger' : 'bg-secondary'}`} />
  );
}
