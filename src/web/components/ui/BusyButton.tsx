import type { ComponentProps } from 'react';

/**
 * A button that runs something slow: while `busy` it is disabled, so a second click cannot start the action again,
 * marks itself `aria-busy` and shows a small spinner before its label. `disabled` adds other reasons to be disabled;
 * `type` stays "button" unless given.
 */
export function BusyButton({
  busy,
  disabled,
  type = 'button',
  children,
  ...props
}: ComponentProps<'button'> & { busy: boolean }) {
  return (
    <button {...props} type={type} disabled={busy || disabled} aria-busy={busy}>
      {busy && (
        <span className={`spinner-border spinner-border-sm${children ? ' me-2' : ''}`} aria-hidden="true" />
      )}
      {children}
    </button>
  );
}
