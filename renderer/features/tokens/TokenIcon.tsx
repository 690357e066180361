/**
 * The token's bundled icon (renderer/public/token-icons, `npm run icons`), served by us; or,
 * for a sheet without one, the PNG an admin uploaded (`uploaded`, our own storage).
 */
export function TokenIcon({
  id,
  uploaded = null,
  size = 28,
}: {
  id: string;
  uploaded?: string | null;
  size?: number;
}) {
  return (
    <img
      className="token-icon"
      src={uploaded ?? `/token-icons/${encodeURIComponent(id)}.svg`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
