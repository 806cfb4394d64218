/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ entry: string, css: string[], preload: string[] }} Assets
 */

/**
 * The client entry's script, its stylesheets and the chunks it imports (to preload), as absolute
 * URL paths, read from Vite's build manifest. With a page module's key, that page's chunk, the
 * chunks it imports and its stylesheets are added, so the browser fetches them alongside the entry.
 * @param {Manifest} manifest
 * @param {string} [pageKey]
 * @returns {Assets}
 */
export function assetsFromManifest(manifest, pageKey) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey === undefined ? undefined : manifest[entryKey];
  if (!entry) throw new Error('manifest has no entry chunk');

  /** @type {Set<string>} */
  const css = new Set(entry.css ?? []);
  /** @type {Set<string>} */
  const preload = new Set();
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string[]} keys */
  const visit = (keys) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) continue;
      seen.add(key);
      preload.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      visit(chunk.imports ?? []);
    }
  };
  visit(entry.imports ?? []);
  if (pageKey !== undefined) {
    if (!manifest[pageKey]) throw new Error(`manifest has no chunk for ${pageKey}`);
    visit([pageKey]);
  }

  /** @param {string} file */
  const url = (file) => `/${file}`;
  return { entry: url(entry.file), css: [...css].map(url), preload: [...preload].map(url) };
}
