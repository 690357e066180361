import { formatChange } from './format';

/** A change with its sign and an arrow as well as its colour: colour is never the only cue. */
export function ChangeValue({ value, language }: { value: number | null; language: string }) {
  if (value === null) return <span className="change change--none">—</span>;
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  return (
    <span className={`change change--${direction}`}>
      <span aria-hidden="true">{direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : ''}</span>
      {formatChange(value, language)}
    </span>
  );
}
