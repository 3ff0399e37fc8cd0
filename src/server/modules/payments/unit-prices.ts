import type { Bundle, PricedBundle, UnitPrice } from '../../../shared/schemas/payments';

/**
 * What a message, a photo and a gift cost in money (issue 27; docs/payments.md "What a message costs"). Pure rules:
 * the credits answer (payments.service `priceList`) and the discount-code lookup give the facts, and every screen
 * shows these figures as the server answers them; the client computes no price.
 */

/** Credits per unit, from the site settings (message_credits, photo_credits, gift_credits). */
export interface UnitCredits {
  message: number;
  photo: number;
  gift: number;
}

/**
 * One unit bought with a bundle: amount × unit credits / bundle credits, in minor units, **rounded up**, so the price
 * we name is never below what the member pays. Null when the unit costs no credits (or the bundle has none).
 */
export function perUnitMinor(amountMinor: number, bundleCredits: number, unitCredits: number): number | null {
  if (unitCredits <= 0 || bundleCredits <= 0) return null;
  return Math.ceil((amountMinor * unitCredits) / bundleCredits);
}

/** A bundle's price with a discount, as the payment would be made (discounts.service `priceWith`). */
export interface BundleOffer {
  amount: number;
  discount: number;
}

/** The bundle with its price per message, and with the discount's offer where the discount applies to it. */
export function priceBundle(bundle: Bundle, messageCredits: number, offer: BundleOffer | null): PricedBundle {
  return {
    ...bundle,
    per_message: perUnitMinor(bundle.amount, bundle.credits, messageCredits),
    offer: offer
      ? {
          amount: offer.amount,
          discount: offer.discount,
          per_message: perUnitMinor(offer.amount, bundle.credits, messageCredits),
        }
      : null,
  };
}

/**
 * The cheapest real price of a unit: the lowest per-unit price over the bundles the member can buy (all in the one
 * currency of the member's country), at list price and with the offer. Ties go to the bundle listed first.
 */
export function unitPrice(bundles: readonly PricedBundle[], unitCredits: number): UnitPrice {
  let best: { bundle: PricedBundle; price: number } | null = null;
  let offerFrom: number | null = null;
  for (const b of bundles) {
    const price = perUnitMinor(b.amount, b.credits, unitCredits);
    if (price === null) continue;
    if (!best || price < best.price) best = { bundle: b, price };
    const offer = b.offer ? perUnitMinor(b.offer.amount, b.credits, unitCredits) : null;
    if (offer !== null && (offerFrom === null || offer < offerFrom)) offerFrom = offer;
  }
  if (!best) return null;
  return { credits: unitCredits, from: best.price, bundle_id: best.bundle.id, offer_from: offerFrom };
}

export function unitPrices(bundles: readonly PricedBundle[], credits: UnitCredits) {
  return {
    message: unitPrice(bundles, credits.message),
    photo: unitPrice(bundles, credits.photo),
    gift: unitPrice(bundles, credits.gift),
  };
}
