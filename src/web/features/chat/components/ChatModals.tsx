import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { GIFT_IDS, type GiftId, ICEBREAKER_IDS } from '../../../../shared/rules';
import { CreditsShortfall } from './CreditsShortfall';
import { GiftArt } from './GiftArt';

/**
 * The gifts with their cost; choosing one sends it. Gifts the member's credits (`balance`, the server's number less
 * the sends on their way) do not cover are marked and cannot be chosen, with the way to credits above them.
 */
export function GiftPicker({
  show,
  partnerName,
  cost,
  balance,
  onHide,
  onPick,
}: {
  show: boolean;
  partnerName: string;
  cost: number;
  balance: number;
  onHide: () => void;
  onPick: (gift: GiftId) => void;
}) {
  const { t } = useTranslation('chat');
  const price = t('credits.amount', { count: cost });
  const affordable = cost <= balance;
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="gift-picker-title" data-testid="gift-picker">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title as="h2" className="h5" id="gift-picker-title">
          <i className="bi bi-gift text-primary me-2" aria-hidden="true" />
          {t('gifts.title', { name: partnerName })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t('gifts.text', { cost: price })}</p>
        {!affordable && (
          <CreditsShortfall
            what="gift"
            cost={cost}
            balance={balance}
            className="mb-3"
            testId="gift-shortfall"
          />
        )}
        <ul className="list-unstyled row row-cols-3 row-cols-sm-4 g-2 mb-0">
          {GIFT_IDS.map((gift) => {
            const name = t(`gifts.names.${gift}`);
            return (
              <li className="col" key={gift}>
                <button
                  type="button"
                  className={`btn gift-option w-100 h-100 d-flex flex-column align-items-center gap-1 p-2 ${affordable ? '' : 'gift-option-unaffordable'}`}
                  onClick={() => onPick(gift)}
                  disabled={!affordable}
                  aria-label={
                    affordable
                      ? t('gifts.send', { gift: name, cost: price })
                      : t('gifts.send_unaffordable', { gift: name, cost: price })
                  }
                  data-testid={`gift-${gift}`}
                  data-affordable={affordable}
                >
                  <GiftArt gift={gift} />
                  <span className="gift-option-name small fw-semibold lh-sm text-center">{name}</span>
                  <span className="gift-option-cost small text-body-secondary text-nowrap">
                    <i className="bi bi-coin me-1" aria-hidden="true" />
                    {cost}
                  </span>
                  {!affordable && (
                    <span className="gift-option-short small text-center lh-sm">
                      {t('gifts.unaffordable')}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </Modal.Body>
    </Modal>
  );
}

/** Suggested openers for an empty conversation: choosing one puts it into the composer, to edit or send. */
export function IcebreakerModal({
  show,
  partnerName,
  onHide,
  onPick,
}: {
  show: boolean;
  partnerName: string;
  onHide: () => void;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <Modal
      show={show}
      onHide={onHide}
      centered
      aria-labelledby="icebreaker-title"
      data-testid="icebreaker-modal"
    >
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title as="h2" className="h5" id="icebreaker-title">
          <i className="bi bi-lightbulb text-primary me-2" aria-hidden="true" />
          {t('icebreakers.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t('icebreakers.text', { name: partnerName })}</p>
        <div className="d-grid gap-2">
          {ICEBREAKER_IDS.map((id) => (
            <button
              key={id}
              type="button"
              className="btn btn-outline-primary icebreaker-option text-start rounded-4"
              onClick={() => onPick(t(`icebreakers.${id}`))}
              data-testid={`icebreaker-${id}`}
            >
              {t(`icebreakers.${id}`)}
            </button>
          ))}
        </div>
      </Modal.Body>
    </Modal>
  );
}
