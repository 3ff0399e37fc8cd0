/** A bar per day (SVG, no library): the values' shape over the period, labelled for screen readers by `title`. */
export function BarChart({
  title,
  bars,
}: {
  title: string;
  bars: { label: string; value: number; hint: string }[];
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const w = 24;
  const gap = 6;
  const h = 120;
  const width = bars.length * (w + gap);
  return (
    <figure className="mb-0" data-testid="figures-chart">
      <svg
        viewBox={`0 0 ${width} ${h + 18}`}
        width="100%"
        height={h + 18}
        preserveAspectRatio="none"
        role="img"
        aria-label={title}
      >
        {bars.map((b, i) => {
          const bh = Math.round((b.value / max) * h);
          const x = i * (w + gap) + gap / 2;
          return (
            <g key={b.label}>
              <title>{b.hint}</title>
              <rect x={x} y={h - bh} width={w} height={Math.max(bh, 1)} rx={3} fill="var(--bs-primary)" />
              <text x={x + w / 2} y={h + 14} textAnchor="middle" fontSize="10" fill="currentColor">
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="small text-body-secondary">{title}</figcaption>
    </figure>
  );
}
