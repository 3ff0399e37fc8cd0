import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * Bootstrap's progress bar, filled to `value / max`. The width is the `--progress` custom property set through the
 * CSSOM (element.style), never a style attribute: the Content-Security-Policy allows no inline styles.
 */
export function ProgressBar({
  value,
  min = 0,
  max = 100,
  label,
  className = '',
  testId,
  children,
}: {
  value: number;
  min?: number;
  max?: number;
  /** the accessible name of the bar */
  label: string;
  /** more classes of the outer element (spacing, `progress-thin`) */
  className?: string;
  testId?: string;
  /** shown inside the filled part */
  children?: ReactNode;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    bar.current?.style.setProperty('--progress', `${(value / max) * 100}%`);
  }, [value, max]);
  return (
    <div
      className={`progress ${className}`.trim()}
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      data-testid={testId}
    >
      <div ref={bar} className="progress-bar progress-value">
        {children}
      </div>
    </div>
  );
}
