/**
 * One of the drawings of renderer/public/illustrations/ (the home page's hero, an empty result,
 * the 404), decorative: hidden from assistive technology and from the focus order. Drawn through
 * a <use> of the file rather than in this bundle, so it costs the page no JavaScript; its shapes
 * are painted with the page's custom properties (--brand, --accent, --text…), which the <use>
 * inherits, so it takes the chosen theme. Its size comes from the class (a width and an
 * aspect-ratio), so nothing moves when the file arrives.
 */
export function Illustration({
  name,
  className,
}: {
  name: 'hero' | 'empty' | 'lost';
  className: string;
}) {
  return (
    <svg className={`illustration ${className}`} aria-hidden="true" focusable="false">
      <use href={`/illustrations/${name}.svg#art`} />
    </svg>
  );
}
