import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { COUNTRIES } from '../../../shared/locales';
import { STAFF_PROFILE_KINDS } from '../../../shared/schemas/admin-profiles';
import { GENDERS } from '../../../shared/schemas/profiles';
import { BusyButton } from '../../components/ui/BusyButton';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { fieldError, isFieldRefusal } from '../components/form-errors';
import { NotFoundPage } from '../components/StatusPages';
import { InterestChecks } from './InterestChecks';
import { ProfilePhotos } from './ProfilePhotos';
import { ProfilePreview } from './ProfilePreview';
import { draftOf, emptyDraft, type ProfileDraft } from './profile-draft';
import { profileQuery, saveProfileCall, siteCamsQuery } from './profiles-api';

/** One kept profile (new at /new): the form, its photos once saved, and a preview as members will see it. */
export function ProfileEditor() {
  const { id: param } = useParams();
  const id = param === undefined ? null : Number(param);
  const sites = useQuery(siteCamsQuery);
  const profile = useQuery({ ...profileQuery(id ?? 0), enabled: id !== null });
  if (id !== null && !Number.isInteger(id)) return <NotFoundPage />;
  if (!sites.data || (id !== null && !profile.data)) {
    return (
      <>
        <ErrorAlert error={sites.error ?? profile.error} ns="profiles" />
        {!sites.error && !profile.error && <ConsoleSpinner />}
      </>
    );
  }
  const initial = profile.data ? draftOf(profile.data) : emptyDraft(sites.data[0]?.id ?? 0);
  return <EditorForm key={id ?? 'new'} id={id} initial={initial} />;
}

function EditorForm({ id, initial }: { id: number | null; initial: ProfileDraft }) {
  const { t } = useTranslation('profiles');
  const navigate = useNavigate();
  const client = useQueryClient();
  const sites = useQuery(siteCamsQuery);
  const profile = useQuery({ ...profileQuery(id ?? 0), enabled: id !== null });
  const [draft, setDraft] = useState(initial);
  // A new profile opens at its own address once created: the confirmation comes along.
  const location = useLocation();
  const [saved, setSaved] = useState(Boolean((location.state as { saved?: boolean } | null)?.saved));
  const set = <K extends keyof ProfileDraft>(k: K, v: ProfileDraft[K]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const save = useMutation({
    mutationFn: () => saveProfileCall({ id, input: draft }),
    onSuccess: (p) => {
      client.setQueryData(profileQuery(p.id).queryKey, p);
      void client.invalidateQueries({ queryKey: ['console', 'profiles'] });
      setSaved(true);
      if (id === null) navigate(`../${p.id}`, { relative: 'path', state: { saved: true } });
    },
  });
  const error = save.error;
  const invalid = (f: string) => fieldError(error, f);
  const site = sites.data?.find((s) => s.id === draft.site_id);

  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <Link to=".." relative="path" className="small d-inline-block mb-2">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('back')}
        </Link>
        <h2 className="h5">{id === null ? t('new') : t('edit')}</h2>
        {!isFieldRefusal(error) && <ErrorAlert error={error} ns="profiles" />}
        {saved && (
          <div className="alert alert-success py-2" role="status" data-testid="profile-saved">
            {t('saved')}
          </div>
        )}
        <Form
          noValidate
          className="row g-3"
          data-testid="profile-form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Form.Group className="col-sm-6" controlId="profile-kind">
            <Form.Label>{t('field.kind')}</Form.Label>
            <Form.Select
              value={draft.kind}
              onChange={(e) => set('kind', e.target.value as ProfileDraft['kind'])}
            >
              {STAFF_PROFILE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="col-sm-6" controlId="profile-site">
            <Form.Label>{t('field.site')}</Form.Label>
            <Form.Select
              value={draft.site_id}
              isInvalid={!!invalid('site_id')}
              onChange={(e) => set('site_id', Number(e.target.value))}
            >
              {sites.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.domain} · {s.name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{invalid('site_id')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-sm-6" controlId="profile-name">
            <Form.Label>{t('field.name')}</Form.Label>
            <Form.Control
              value={draft.name}
              maxLength={40}
              isInvalid={!!invalid('name')}
              onChange={(e) => set('name', e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{invalid('name')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-sm-6" controlId="profile-birth-date">
            <Form.Label>{t('field.birth_date')}</Form.Label>
            <Form.Control
              type="date"
              value={draft.birth_date}
              isInvalid={!!invalid('birth_date')}
              onChange={(e) => set('birth_date', e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{invalid('birth_date')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-sm-6" controlId="profile-gender">
            <Form.Label>{t('field.gender')}</Form.Label>
            <Form.Select
              value={draft.gender}
              onChange={(e) => set('gender', e.target.value as ProfileDraft['gender'])}
            >
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`gender.${g}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="col-sm-6" controlId="profile-seeking">
            <Form.Label>{t('field.seeking')}</Form.Label>
            <Form.Select
              value={draft.seeking_gender ?? ''}
              onChange={(e) =>
                set('seeking_gender', (e.target.value || null) as ProfileDraft['seeking_gender'])
              }
            >
              <option value="">{t('gender.both')}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`gender.${g}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="col-sm-4" controlId="profile-country">
            <Form.Label>{t('field.country')}</Form.Label>
            <Form.Select value={draft.country} onChange={(e) => set('country', e.target.value)}>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="col-sm-4" controlId="profile-region">
            <Form.Label>{t('field.region')}</Form.Label>
            <Form.Control
              value={draft.region ?? ''}
              maxLength={20}
              onChange={(e) => set('region', e.target.value || null)}
            />
          </Form.Group>
          <Form.Group className="col-sm-4" controlId="profile-city">
            <Form.Label>{t('field.city')}</Form.Label>
            <Form.Control
              value={draft.city ?? ''}
              maxLength={80}
              onChange={(e) => set('city', e.target.value || null)}
            />
          </Form.Group>
          <Form.Group className="col-12" controlId="profile-about">
            <Form.Label>{t('field.about')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              value={draft.about}
              isInvalid={!!invalid('about')}
              onChange={(e) => set('about', e.target.value)}
            />
            <Form.Control.Feedback type="invalid">{invalid('about')}</Form.Control.Feedback>
          </Form.Group>
          <InterestChecks value={draft.interests} onChange={(v) => set('interests', v)} />
          <Form.Check
            className="col-12"
            type="switch"
            id="profile-visible"
            label={t('field.visible')}
            checked={draft.visible}
            onChange={(e) => set('visible', e.target.checked)}
          />
          <div className="col-12">
            <BusyButton
              type="submit"
              busy={save.isPending}
              className="btn btn-primary"
              data-testid="profile-save"
            >
              {id === null ? t('create') : t('save')}
            </BusyButton>
          </div>
        </Form>
        {profile.data && <ProfilePhotos profile={profile.data} />}
      </div>
      <div className="col-lg-4">
        <h2 className="h6 text-body-secondary">{t('preview.title')}</h2>
        <ProfilePreview
          draft={draft}
          photos={profile.data?.photos ?? []}
          fictionalIcon={site?.fictional_icon ?? 'stars'}
        />
      </div>
    </div>
  );
}
