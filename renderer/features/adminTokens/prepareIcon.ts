// An icon the admin picked, made ready for the token-icons bucket, which takes PNG only (its
// real bytes are checked by the storage service). A PNG goes as it is. An SVG may carry script
// or load other files, so it is never uploaded: it is drawn as an image (where no script runs
// and nothing outside it loads) onto a 256 × 256 canvas, and that PNG is what gets uploaded.

/** The bucket's size limit (supabase/migrations/20261127000002_admin_tokens.sql). */
export const ICON_MAX_BYTES = 262_144;
/** An SVG larger than this is not worth drawing. */
export const SVG_MAX_BYTES = 1_048_576;
/** The side of the PNG an SVG becomes. */
export const ICON_SIZE = 256;

export type IconProblem = 'type' | 'tooLarge' | 'unreadable';
export type PreparedIcon = { ok: true; png: Blob } | { ok: false; problem: IconProblem };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What a picked file claims to be, by its type or else its name. */
export function iconKind(file: { type: string; name: string }): 'png' | 'svg' | undefined {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  if (type === 'image/png' || (type === '' && name.endsWith('.png'))) return 'png';
  if (type === 'image/svg+xml' || (type === '' && name.endsWith('.svg'))) return 'svg';
  return undefined;
}

export function hasPngSignature(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** Where an image of `width` × `height` sits, whole and centred, in the square icon. */
export function containedBox(
  width: number,
  height: number,
): { x: number; y: number; w: number; h: number } {
  const safeWidth = width > 0 ? width : ICON_SIZE;
  const safeHeight = height > 0 ? height : ICON_SIZE;
  const scale = Math.min(ICON_SIZE / safeWidth, ICON_SIZE / safeHeight);
  const w = safeWidth * scale;
  const h = safeHeight * scale;
  return { x: (ICON_SIZE - w) / 2, y: (ICON_SIZE - h) / 2, w, h };
}

/** The SVG drawn as a PNG, or null when the browser cannot read it as an image. */
async function rasterizeSvg(svg: Blob): Promise<Blob | null> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    const loaded = new Promise<boolean>((resolve) => {
      image.onload = () => {
        resolve(true);
      };
      image.onerror = () => {
        resolve(false);
      };
    });
    image.src = url;
    if (!(await loaded)) return null;
    const canvas = document.createElement('canvas');
    canvas.width = ICON_SIZE;
    canvas.height = ICON_SIZE;
    const context = canvas.getContext('2d');
    if (context === null) return null;
    const box = containedBox(image.naturalWidth, image.naturalHeight);
    context.drawImage(image, box.x, box.y, box.w, box.h);
    return await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, 'image/png');
    });
  } catch {
    // A canvas the browser considers tainted refuses toBlob: the image is unusable here.
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function prepareIcon(file: File): Promise<PreparedIcon> {
  const kind = iconKind(file);
  if (kind === undefined) return { ok: false, problem: 'type' };
  if (kind === 'png') {
    if (file.size > ICON_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
    const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
    if (!hasPngSignature(head)) return { ok: false, problem: 'type' };
    return { ok: true, png: new Blob([file], { type: 'image/png' }) };
  }
  if (file.size > SVG_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  const png = await rasterizeSvg(file);
  if (png === null) return { ok: false, problem: 'unreadable' };
  if (png.size > ICON_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  return { ok: true, png };
}
