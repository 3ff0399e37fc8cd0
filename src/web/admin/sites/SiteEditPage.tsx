import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminSiteInput, AdminSitesResponse } from '../../../shared/schemas/admin-sites';
import { BusyButton } from '../../components/ui/BusyButton';
import { ConsolePage } from '../components/ConsolePage';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { isFieldRefusal } from '../components/form-errors';
import { NotFoundPage } from '../components/StatusPages';
import { SiteAudienceFields } from './SiteAudienceFields';
import { SiteCreditsFields } from './SiteCreditsFields';
import { SiteFictionalFields } from './SiteFictionalFields';
import { SiteIdentityFields } from './SiteIdentityFields';
import { SitePaymentFields } from './SitePaymentFields';
import { SitePhotoCamFields } from './SitePhotoCamFields';
import { draftOf, newSiteDraft, type SetField, type SiteDraft } from './site-draft';
import { saveSiteCall, sitesQuery } from './sites-api';

/** /admin/sites/new and /admin/sites/<id>: every setting of one site. */
export function SiteEditPage() {
  const { id } = useParams();
  const sites = useQuery(sitesQuery);
  if (sites.isPending) return <ConsoleSpinner />;
  if (sites.isError) return <ErrorAlert error={sites.error} ns="sites" />;
  const siteId = id === 'new' ? null : Number(id);
  const site = siteId === null ? null : sites.data.sites.find((s) => s.id === siteId);
  if (siteId !== null && !site) return <NotFoundPage />;
  const initial = site ? draftOf(site) : newSiteDraft(sites.data.companies[0]?.id ?? 0);
  return <SiteForm key={siteId ?? 'new'} siteId={siteId} initial={initial} data={sites.data} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card console-form-card mb-3">
      <div className="card-body">
        <h2 className="h5 mb-3">{title}</h2>
        {children}
      </div>
    </section>
  );
}

function SiteForm({
  siteId,
  initial,
  data,
}: {
  siteId: number | null;
  initial: SiteDraft;
  data: AdminSitesResponse;
}) {
  const { t } = useTranslation('sites');
  const client = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SiteDraft>(initial);
  const set: SetField = (key, value) => setDraft((d) => ({ ...d, [key]: value }));
  const save = useMutation({
    // Emptied numbers go as null: the server answers which field needs a value, in the console's language.
    mutationFn: () => saveSiteCall({ id: siteId, input: draft as AdminSiteInput }),
    onSuccess: (site) => {
      void client.invalidateQueries({ queryKey: sitesQuery.queryKey });
      if (siteId === null) void navigate(`../${site.id}`, { relative: 'path', replace: true });
    },
  });
  const props = { draft, set, error: save.error };
  return (
    <ConsolePage
      title={siteId === null ? t('new_site') : t('edit_site', { name: initial.name })}
      actions={
        <Link to=".." relative="path" className="btn btn-outline-dark btn-sm">
          {t('back')}
        </Link>
      }
    >
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Section title={t('group.identity')}>
          <SiteIdentityFields {...props} companies={data.companies} />
        </Section>
        <Section title={t('group.audience')}>
          <SiteAudienceFields {...props} />
        </Section>
        <Section title={t('group.credits')}>
          <SiteCreditsFields {...props} />
        </Section>
        <Section title={t('group.payments')}>
          <SitePaymentFields {...props} />
        </Section>
        <Section title={t('group.photos')}>
          <SitePhotoCamFields {...props} />
        </Section>
        <Section title={t('group.fictional')}>
          <SiteFictionalFields {...props} />
        </Section>
        <div className="console-sticky-actions d-flex flex-wrap align-items-center gap-2">
          <BusyButton type="submit" busy={save.isPending} className="btn btn-primary" data-testid="site-save">
            {t('save')}
          </BusyButton>
          {save.isSuccess && !save.isPending && (
            <span role="status" className="text-success-emphasis small" data-testid="site-saved">
              {t('saved')}
            </span>
          )}
          {isFieldRefusal(save.error) && (
            <span role="alert" className="text-danger-emphasis small" data-testid="site-has-errors">
              {t('has_errors')}
            </span>
          )}
        </div>
        {!isFieldRefusal(save.error) && <ErrorAlert error={save.error} ns="sites" />}
      </Form>
    </ConsolePage>
  );
}
