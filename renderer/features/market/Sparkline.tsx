/** The points of a price line drawn in a width x height box, oldest on the left. */
export function linePoints(prices: readonly number[], width: number, height: number): string {
  if (prices.length < 2) return '';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = high - low || 1;
  const step = width / (prices.length - 1);
  return prices
    .map((price, index) => {
      const x = index * step;
      // One pixel of margin so the stroke is never cut at the top or bottom.
      const y = 1 + (height - 2) * (1 - (price - low) / span);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * A 7-day price line. Its name says where it starts and ends, so the picture is not the only
 * way to read it; its colour follows the week's direction.
 */
export function Sparkline({
  prices,
  label,
  width = 100,
  height = 32,
  className = 'sparkline',
}: {
  prices: readonly number[];
  label: string;
  width?: number;
  height?: number;
  className?: string;
}) {
  const points = linePoints(prices, width, height);
  if (points === '') return null;
  const rising = (prices.at(-1) ?? 0) >= (prices[0] ?? 0);
  return (
    <svg
      className={`${className} ${rising ? 'sparkline--up' : 'sparkline--down'}`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      <polyline points={points} fill="none" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
