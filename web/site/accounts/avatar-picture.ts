/**
 * The longest side a profile picture is sent with. The server keeps at most 512 px; a larger
 * picture would only cost it memory to decode, and the visitor time to send.
 */
export const maxPictureSide = 1024;

/** `width` × `height` scaled down to fit `side` × `side`, keeping its proportions; never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  side: number,
): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function hasTransparency(context: CanvasRenderingContext2D, width: number, height: number) {
  const { data } = context.getImageData(0, 0, width, height);
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return true;
  return false;
}

/**
 * The chosen picture as it is sent: decoded by the browser (turned upright as the camera
 * recorded), scaled to fit 1024 × 1024 and encoded again, as JPEG unless it has transparency
 * (then PNG). A 12-megapixel phone photo goes up as a few hundred kilobytes, and its metadata
 * (the place it was taken, say) never leaves the device. Null when the browser cannot read it.
 */
export async function preparePicture(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxPictureSide);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const type =
      file.type !== 'image/jpeg' && hasTransparency(context, width, height)
        ? 'image/png'
        : 'image/jpeg';
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  } finally {
    bitmap.close();
  }
}
