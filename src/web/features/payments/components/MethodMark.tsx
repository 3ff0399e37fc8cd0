import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodName } from '../../../../shared/payment-methods';

/**
 * Marks of the payment methods, drawn here as small badges (wordmarks and simple shapes in the brands' colours):
 * no remote images and no copied logo artwork. Every mark is decorative; the method's name is always shown next to
 * it. The viewBox is a card's proportion (60 × 38).
 */

/** Names that are brands stay as they are in every language; the generic methods are translated. */
const BRAND_NAMES: Partial<Record<PaymentMethodName, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  cartebancaire: 'Carte Bancaire',
  dankort: 'Dankort',
  nexi: 'Nexi',
  postepay: 'Postepay',
  paypal: 'PayPal',
  applepay: 'Apple Pay',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  eps: 'EPS',
  prezelewy24: 'Przelewy24',
  blik: 'BLIK',
  paysafecard: 'paysafecard',
  twint: 'TWINT',
  satispay: 'Satispay',
  mobilepay: 'MobilePay',
  vipps: 'Vipps',
  swish: 'Swish',
  giropay: 'giropay',
  sofort: 'SOFORT',
};

/** The generic methods, whose names are translated (payments:method.*). */
const TRANSLATED = ['creditcard', 'sdd', 'sct'] as const;
type TranslatedMethod = (typeof TRANSLATED)[number];
const isTranslated = (m: PaymentMethodName): m is TranslatedMethod =>
  (TRANSLATED as readonly string[]).includes(m);

/** The display name of a method: the brand, or the translated generic name (credit card, direct debit, transfer). */
export function useMethodName(): (method: PaymentMethodName) => string {
  const { t } = useTranslation('payments');
  return (method) => (isTranslated(method) ? t(`method.${method}`) : (BRAND_NAMES[method] ?? method));
}

const BORDER = '#d5d9e0';

function Badge({ bg, border, children }: { bg: string; border?: boolean; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 60 38"
      className="method-mark"
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect
        x="0.5"
        y="0.5"
        width="59"
        height="37"
        rx="6"
        fill={bg}
        stroke={border ? BORDER : 'none'}
        strokeWidth="1"
      />
      {children}
    </svg>
  );
}

/** A wordmark, centred; `fit` squeezes or stretches it to that width so it never leaves the badge. */
function Word({
  children,
  fill,
  size = 13,
  x = 30,
  y = 19,
  weight = 800,
  italic = false,
  fit,
}: {
  children: ReactNode;
  fill?: string;
  size?: number;
  x?: number;
  y?: number;
  weight?: number;
  italic?: boolean;
  fit?: number;
}) {
  return (
    <text
      x={x}
      y={y}
      textAnchor="middle"
      dominantBaseline="central"
      fontSize={size}
      fontWeight={weight}
      fontStyle={italic ? 'italic' : undefined}
      fill={fill}
      textLength={fit}
      lengthAdjust={fit ? 'spacingAndGlyphs' : undefined}
    >
      {children}
    </text>
  );
}

/** Two overlapping rings, the shape of the card schemes' circles, in the given colours. */
function Circles({ left, right, overlap }: { left: string; right: string; overlap: string }) {
  return (
    <>
      <circle cx="24" cy="19" r="10" fill={left} />
      <circle cx="36" cy="19" r="10" fill={right} />
      <path d="M30 11 A10 10 0 0 1 30 27 A10 10 0 0 1 30 11 Z" fill={overlap} />
    </>
  );
}

/** A classical bank building: pediment, four columns, base. */
function Bank({ colour }: { colour: string }) {
  return (
    <g fill={colour}>
      <path d="M30 6 L45 13 L15 13 Z" />
      <rect x="18" y="15" width="3" height="11" rx="0.5" />
      <rect x="25" y="15" width="3" height="11" rx="0.5" />
      <rect x="32" y="15" width="3" height="11" rx="0.5" />
      <rect x="39" y="15" width="3" height="11" rx="0.5" />
      <rect x="15" y="28" width="30" height="3" rx="1" />
    </g>
  );
}

function GenericCard() {
  return (
    <Badge bg="#2f3a56">
      <rect x="8" y="11" width="11" height="9" rx="2" fill="#e8c15a" />
      <path d="M8 15.5 H19 M13.5 11 V20" stroke="#b8913a" strokeWidth="0.8" />
      <rect x="8" y="26" width="9" height="2.5" rx="1.2" fill="#ffffff" opacity="0.75" />
      <rect x="19" y="26" width="9" height="2.5" rx="1.2" fill="#ffffff" opacity="0.75" />
      <rect x="30" y="26" width="9" height="2.5" rx="1.2" fill="#ffffff" opacity="0.75" />
      <circle cx="45" cy="14" r="4" fill="#ffffff" opacity="0.35" />
      <circle cx="50" cy="14" r="4" fill="#ffffff" opacity="0.55" />
    </Badge>
  );
}

const MARKS: Record<PaymentMethodName, () => ReactNode> = {
  creditcard: GenericCard,
  visa: () => (
    <Badge bg="#ffffff" border>
      <Word fill="#1a1f71" size={15} weight={900} italic fit={38} y={17.5}>
        VISA
      </Word>
      <rect x="15" y="27" width="30" height="2.5" rx="1.2" fill="#f7b600" />
    </Badge>
  ),
  mastercard: () => (
    <Badge bg="#ffffff" border>
      <Circles left="#eb001b" right="#f79e1b" overlap="#ff5f00" />
    </Badge>
  ),
  maestro: () => (
    <Badge bg="#ffffff" border>
      <Circles left="#0099df" right="#ed0006" overlap="#6c6bbd" />
    </Badge>
  ),
  cartebancaire: () => (
    <Badge bg="#0b4f92">
      <path d="M30 0.5 H53.5 A6 6 0 0 1 59.5 6.5 V31.5 A6 6 0 0 1 53.5 37.5 H22 Z" fill="#0f8f8a" />
      <Word fill="#ffffff" size={17} weight={900} fit={28}>
        CB
      </Word>
    </Badge>
  ),
  dankort: () => (
    <Badge bg="#ffffff" border>
      <rect x="6" y="8" width="48" height="22" rx="11" fill="#e2001a" />
      <Word fill="#ffffff" size={10} weight={800} fit={36}>
        Dankort
      </Word>
    </Badge>
  ),
  nexi: () => (
    <Badge bg="#ffffff" border>
      <Word fill="#2d32aa" size={16} weight={800}>
        nexi
      </Word>
    </Badge>
  ),
  postepay: () => (
    <Badge bg="#ffe500">
      <Word fill="#0047bb" size={11} weight={800} fit={46}>
        Postepay
      </Word>
    </Badge>
  ),
  paypal: () => (
    <Badge bg="#ffffff" border>
      <Word size={14} weight={800} italic fit={44}>
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#0079c1">Pal</tspan>
      </Word>
    </Badge>
  ),
  applepay: () => (
    <Badge bg="#000000">
      <Word fill="#ffffff" size={11} weight={600} fit={44}>
        Apple Pay
      </Word>
    </Badge>
  ),
  ideal: () => (
    <Badge bg="#ffffff" border>
      <rect x="6" y="9" width="19" height="20" rx="4" fill="#111111" />
      <Word fill="#ffffff" size={15} weight={900} x={15.5}>
        i
      </Word>
      <Word fill="#cc0066" size={12} weight={900} x={41.5} fit={25}>
        DEAL
      </Word>
    </Badge>
  ),
  bancontact: () => (
    <Badge bg="#ffffff" border>
      <rect x="8" y="7" width="22" height="7" rx="2" fill="#1e3764" />
      <rect x="30" y="7" width="22" height="7" rx="2" fill="#ffd800" />
      <Word fill="#1e3764" size={9} weight={800} y={25} fit={44}>
        Bancontact
      </Word>
    </Badge>
  ),
  sdd: () => (
    <Badge bg="#1f4e79">
      <Bank colour="#ffffff" />
    </Badge>
  ),
  sct: () => (
    <Badge bg="#e8f0f8" border>
      <Bank colour="#1f4e79" />
    </Badge>
  ),
  eps: () => (
    <Badge bg="#ffffff" border>
      <Word fill="#b8005c" size={17} weight={900} y={17}>
        eps
      </Word>
      <rect x="18" y="28" width="24" height="2.5" rx="1.2" fill="#1b5fa8" />
    </Badge>
  ),
  prezelewy24: () => (
    <Badge bg="#ffffff" border>
      <Word size={16} weight={900} fit={36}>
        <tspan fill="#4b4b4b">P</tspan>
        <tspan fill="#d13239">24</tspan>
      </Word>
    </Badge>
  ),
  blik: () => (
    <Badge bg="#000000">
      <Word fill="#ffffff" size={16} weight={800} x={28}>
        blik
      </Word>
      <circle cx="46" cy="11" r="3.5" fill="#e83e64" />
    </Badge>
  ),
  paysafecard: () => (
    <Badge bg="#ffffff" border>
      <Word fill="#008ac9" size={9} weight={700} fit={48}>
        paysafecard
      </Word>
    </Badge>
  ),
  twint: () => (
    <Badge bg="#000000">
      <g transform="translate(12 19)">
        <rect x="-1.5" y="-7" width="3" height="5" rx="1" fill="#ffc800" />
        <rect x="-1.5" y="2" width="3" height="5" rx="1" fill="#00b5e2" />
        <rect x="-7" y="-1.5" width="5" height="3" rx="1" fill="#ff6b00" />
        <rect x="2" y="-1.5" width="5" height="3" rx="1" fill="#e5007d" />
      </g>
      <Word fill="#ffffff" size={11} weight={800} x={36} fit={30}>
        TWINT
      </Word>
    </Badge>
  ),
  satispay: () => (
    <Badge bg="#f94c43">
      <Word fill="#ffffff" size={11} weight={700} fit={44}>
        satispay
      </Word>
    </Badge>
  ),
  mobilepay: () => (
    <Badge bg="#5a78ff">
      <Word fill="#ffffff" size={10} weight={700} fit={46}>
        MobilePay
      </Word>
    </Badge>
  ),
  vipps: () => (
    <Badge bg="#ff5b24">
      <Word fill="#ffffff" size={15} weight={800}>
        vipps
      </Word>
    </Badge>
  ),
  swish: () => (
    <Badge bg="#ffffff" border>
      <Word fill="#1e1e1e" size={14} weight={700} y={17}>
        swish
      </Word>
      <rect x="14" y="27" width="10" height="2.5" rx="1.2" fill="#52b848" />
      <rect x="25" y="27" width="10" height="2.5" rx="1.2" fill="#00a3e0" />
      <rect x="36" y="27" width="10" height="2.5" rx="1.2" fill="#ee4037" />
    </Badge>
  ),
  // Retired methods are never offered (payment-methods.ts); a plain bank mark keeps the table complete.
  giropay: () => (
    <Badge bg="#e8f0f8" border>
      <Bank colour="#1f4e79" />
    </Badge>
  ),
  sofort: () => (
    <Badge bg="#e8f0f8" border>
      <Bank colour="#1f4e79" />
    </Badge>
  ),
};

/** The mark of one payment method (decorative: show the method's name next to it). */
export function MethodMark({ method }: { method: PaymentMethodName }) {
  const Mark = MARKS[method];
  return <Mark />;
}
