import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CancelRequest } from '../../../shared/schemas/cancellations';
import { useCurrentUser } from '../../features/auth/api/session';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { CancelForm } from './CancelForm';
import { CancelLink } from './CancelLink';
import { CancelDone, CancelReview } from './CancelReview';
import { cancelCall } from './cancel-api';

/**
 * /cancel, the cancel button (BGB §312k), reachable from the footer without signing in: the form (name, e-mail, which
 * contract, a reason if any, when), then a confirmation page with one "cancel now" button, then what happens next. A
 * signed-in member finds the form filled in and cancels at once; anyone else confirms with the mailed link, which
 * opens this page with ?token= (CancelLink).
 */
export function CancelPage() {
  const { t } = useTranslation('cancel');
  const settings = useSettings();
  const [params] = useSearchParams();
  const token = params.get('token');
  useHead({ title: t('title'), siteName: settings.name });
  return (
    <section className="container-lg py-4 py-md-5" data-testid="cancel-page">
      <div className="row justify-content-center">
        <div className="col-md-10 col-lg-8">
          <h1 className="h3 fw-bold">{token ? t('link.title') : t('title')}</h1>
          {token ? <CancelLink token={token} /> : <CancelSteps />}
        </div>
      </div>
    </section>
  );
}

function CancelSteps() {
  const user = useCurrentUser();
  const [draft, setDraft] = useState<CancelRequest | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const send = useMutation({ mutationFn: cancelCall });

  if (send.data && draft) return <CancelDone answer={send.data} email={draft.email} />;
  if (draft && reviewing)
    return (
      <CancelReview
        draft={draft}
        signedIn={!!user && user.email.toLowerCase() === draft.email.toLowerCase()}
        busy={send.isPending}
        error={send.error}
        onConfirm={() => send.mutate(draft)}
        onChange={() => {
          send.reset();
          setReviewing(false);
        }}
      />
    );
  return (
    <CancelForm
      initial={draft}
      user={user ?? null}
      onDone={(d) => {
        setDraft(d);
        setReviewing(true);
      }}
    />
  );
}
