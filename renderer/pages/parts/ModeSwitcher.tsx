import { Link, type To } from 'react-router-dom';

export interface Mode<Key extends string> {
  readonly key: Key;
  readonly label: string;
  readonly to: To;
}

/**
 * The modes of a page (the three calculators, the ways to sign in) as links: each mode is its
 * own address, reachable by keyboard, and the back button returns to the previous one.
 */
export function ModeSwitcher<Key extends string>({
  label,
  modes,
  current,
}: {
  label: string;
  modes: readonly Mode<Key>[];
  current: Key;
}) {
  return (
    <nav className="mode-switcher" aria-label={label}>
      <ul className="mode-switcher__list">
        {modes.map((mode) => (
          <li key={mode.key}>
            <Link
              to={mode.to}
              className="mode-switcher__link"
              aria-current={mode.key === current ? 'page' : undefined}
              preventScrollReset
            >
              {mode.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
