import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../shared/schemas/chat';
import { MessageTerms } from '../../payments/components/UnitPrices';
import { usePriceList } from '../../payments/hooks/use-price-list';

/**
 * The composer's one line on what a message costs (issue 27): the member's free messages left, then the credits of
 * a message with its money figure from the price list (GET /api/credits.php, as /pricing, /credits, checkout and
 * /premium show it). Until the price list is there, the credits alone.
 */
export function ChatPriceLine({ conversation, id }: { conversation: Conversation; id: string }) {
  const { t } = useTranslation('chat');
  const prices = usePriceList().data;
  const free = conversation.free_messages_left;
  return (
    <p id={id} className="small text-body-secondary mb-1 chat-price-line" data-testid="chat-cost">
      {prices?.unit_prices.message ? (
        <MessageTerms prices={prices} free={free} />
      ) : free > 0 ? (
        t('composer.cost_free', { count: free })
      ) : (
        t('composer.cost', { count: conversation.costs.message })
      )}
    </p>
  );
}
