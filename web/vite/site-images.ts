import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/** What pages know of a picture under web/site/images: its address and its intrinsic size. */
export type SiteImage = { url: string; width: number; height: number };

export const siteImagesId = 'virtual:site-images';
const resolvedId = '\0' + siteImagesId;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.svg$/.test(entry.name) ? [path] : [];
  });
}

/** The width and height of an SVG drawing, from its width/height attributes or its viewBox. */
export function svgSize(svg: string, file: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) throw new Error(`${file}: not an SVG drawing`);
  const attr = (name: string) => new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1];
  const width = attr('width');
  const height = attr('height');
  if (width && height) return { width: Math.round(+width), height: Math.round(+height) };
  const box = /\sviewBox="([^"]+)"/
    .exec(root)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (!box || box.length !== 4 || box.some((n) => !Number.isFinite(n)) || box[2]! <= 0) {
    throw new Error(`${file}: the svg element needs a viewBox or a width and height`);
  }
  return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
}

/**
 * Makes the drawings under `dir` (the content's image paths, such as logos/clients/x.svg)
 * available as `import images from 'virtual:site-images'`: each with a content-hashed address
 * under /assets/images/ and its size, so pages reserve their space. The client build writes the
 * files; the server build, which makes the same addresses, writes none. Unlike Vite's own
 * asset imports, small drawings are never inlined into the scripts as data URLs.
 */
export function siteImages(dir: string, { emit }: { emit: boolean }): Plugin {
  return {
    name: 'noorvale:site-images',
    resolveId(source) {
      return source === siteImagesId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      const images: Record<string, SiteImage> = {};
      for (const file of filesUnder(dir).sort()) {
        this.addWatchFile(file);
        const data = readFileSync(file);
        const key = relative(dir, file).split(sep).join('/');
        const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
        const fileName = `assets/images/${key.replace(/\.svg$/, '')}-${hash}.svg`;
        if (emit) this.emitFile({ type: 'asset', fileName, source: data });
        images[key] = { url: `/${fileName}`, ...svgSize(data.toString('utf8'), key) };
      }
      return `export default ${JSON.stringify(images)};`;
    },
  };
}
