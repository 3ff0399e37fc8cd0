import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchPreferencesResponse } from '../../../shared/schemas/matching';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { RetryButton } from '../../components/ui/RetryButton';
import { matchPreferencesQuery, saveMatchPreferences } from '../../features/matching/api/matching';
import {
  MatchFinderResults,
  PreferencesSummary,
} from '../../features/matching/components/MatchFinderResults';
import { MatchFinderSteps } from '../../features/matching/components/MatchFinderSteps';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/**
 * The match finder (/match-finder): four short questions, then the best-fitting members. A member who saved
 * preferences before lands on the results and can reopen the questions with "Edit preferences".
 */
export function MatchFinderPage() {
  const { t } = useTranslation('matching');
  const settings = useSettings();
  const prefs = useQuery(matchPreferencesQuery());
  useHead({ title: t('title'), siteName: settings.name });

  let body: ReactNode;
  if (!prefs.data && prefs.isError) {
    body = (
      <div className="text-center py-5" role="alert" data-testid="match-finder-error">
        <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <p className="mb-3">{t('load_error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void prefs.refetch()}
          busy={prefs.isFetching}
          label={t('retry')}
          testId="match-finder-retry"
        />
      </div>
    );
  } else if (!prefs.data) {
    body = <PageSpinner />;
  } else {
    body = <Finder data={prefs.data} />;
  }
  return (
    <div className="container-lg py-4 py-md-5 match-finder" data-testid="match-finder">
      {body}
    </div>
  );
}

function Finder({ data }: { data: MatchPreferencesResponse }) {
  const { t } = useTranslation('matching');
  const client = useQueryClient();
  const [mode, setMode] = useState<'flow' | 'results'>(data.saved ? 'results' : 'flow');
  // Every opening of the questions starts from the saved answers.
  const [opened, setOpened] = useState(0);
  const save = useMutation({
    mutationFn: saveMatchPreferences,
    onSuccess: (answer) => {
      client.setQueryData(matchPreferencesQuery().queryKey, answer);
      // Other preferences, other matches: no page of the old ranking may show.
      client.removeQueries({ queryKey: ['match-finder'] });
      setMode('results');
      window.scrollTo?.({ top: 0 });
    },
  });
  const edit = () => {
    save.reset();
    setOpened((n) => n + 1);
    setMode('flow');
    window.scrollTo?.({ top: 0 });
  };

  if (mode === 'flow') {
    return (
      <div className="match-finder-narrow mx-auto">
        <div className="text-center mb-4">
          <span className="match-finder-badge mb-3" aria-hidden="true">
            <i className="bi bi-stars" />
          </span>
          <h1 className="h3 fw-bold mb-2">{t('flow.title')}</h1>
          <p className="text-body-secondary mb-0">{t('flow.intro')}</p>
        </div>
        <MatchFinderSteps
          key={opened}
          initial={data.preferences}
          hasLocation={data.has_location}
          saving={save.isPending}
          error={save.error}
          onSubmit={(p) => save.mutate(p)}
          onCancel={data.saved ? () => setMode('results') : undefined}
        />
      </div>
    );
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div className="min-w-0">
          <h1 className="h3 fw-semibold mb-1">{t('results.title')}</h1>
          <p className="text-body-secondary mb-2">{t('results.subtitle')}</p>
          <PreferencesSummary preferences={data.preferences} />
        </div>
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill px-4"
          onClick={edit}
          data-testid="match-finder-edit"
        >
          <i className="bi bi-sliders me-2" aria-hidden="true" />
          {t('results.edit')}
        </button>
      </div>
      <MatchFinderResults onEdit={edit} />
    </>
  );
}
