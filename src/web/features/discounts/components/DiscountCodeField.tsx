import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/BusyButton';
import { paymentErrorText, useUiLocale } from '../../payments/components/BundleParts';
import { formatPercentage } from '../format';
import type { CheckoutDiscount } from '../hooks/use-checkout-discount';

/**
 * The checkout's discount code: behind "Have a discount code?" until a code is applied (or prefilled), then the
 * field with Apply, the server's refusal under it, or the accepted code with Remove.
 */
export function DiscountCodeField({ discount }: { discount: CheckoutDiscount }) {
  const { t } = useTranslation('discounts');
  const locale = useUiLocale();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // What the member types; null: the field shows the applied code.
  const [draft, setDraft] = useState<string | null>(null);
  const { code, status } = discount;

  if (code === null && !open)
    return (
      <div className="checkout-code">
        <button
          type="button"
          className="btn btn-link checkout-code-toggle"
          onClick={() => {
            setOpen(true);
            // The field appears with the next render.
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
          data-testid="discount-toggle"
        >
          <i className="bi bi-tag me-1" aria-hidden="true" />
          {t('code.toggle')}
        </button>
      </div>
    );

  if (status === 'valid' && code !== null)
    return (
      <div className="checkout-code">
        <div className="checkout-code-applied" data-testid="discount-applied">
          <i className="bi bi-patch-check-fill checkout-code-applied-icon" aria-hidden="true" />
          <span className="flex-grow-1 min-w-0">
            {t('code.applied', { code })}
            {discount.info && (
              <span className="checkout-code-percentage">
                {t('code.off', { percentage: formatPercentage(discount.info.percentage, locale) })}
              </span>
            )}
          </span>
          <button
            type="button"
            className="btn btn-link checkout-code-remove"
            onClick={() => {
              setDraft(null);
              setOpen(true);
              discount.remove();
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
            data-testid="discount-remove"
          >
            {t('code.remove')}
          </button>
        </div>
      </div>
    );

  const value = draft ?? code ?? '';
  const checking = status === 'checking';
  const invalid = status === 'invalid';
  const errorId = `${id}-error`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim() === '') return;
    discount.apply(value);
    setDraft(null);
  };
  return (
    <form className="checkout-code" onSubmit={submit} noValidate data-testid="discount-form">
      <label className="form-label checkout-code-label" htmlFor={`${id}-code`}>
        {t('code.label')}
      </label>
      <div className="input-group has-validation">
        <input
          ref={inputRef}
          id={`${id}-code`}
          type="text"
          className={`form-control checkout-code-input${invalid ? ' is-invalid' : ''}`}
          value={value}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('code.placeholder')}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          readOnly={checking}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          data-testid="discount-input"
        />
        <BusyButton
          type="submit"
          busy={checking}
          disabled={value.trim() === ''}
          className="btn btn-outline-primary"
          data-testid="discount-apply"
        >
          {t('code.apply')}
        </BusyButton>
        {invalid && (
          <div className="invalid-feedback" id={errorId} role="alert" data-testid="discount-error">
            {paymentErrorText(discount.error, t('code.error_generic'))}
          </div>
        )}
      </div>
      {code !== null && !checking && (
        <button
          type="button"
          className="btn btn-link checkout-code-remove mt-1"
          onClick={() => {
            setDraft(null);
            discount.remove();
            inputRef.current?.focus();
          }}
          data-testid="discount-remove"
        >
          {t('code.remove')}
        </button>
      )}
    </form>
  );
}
