/** The token's bundled icon (renderer/public/token-icons, `npm run icons`), served by us. */
export function TokenIcon({ id, size = 28 }: { id: string; size?: number }) {
  return (
    <img
      className="token-icon"
      src={`/token-icons/${encodeURIComponent(id)}.svg`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
