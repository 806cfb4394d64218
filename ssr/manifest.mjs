/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ entry: string, css: string[], preload: string[], styles?: string[] }} Assets
 *   `styles`: the text of each of `css`, when the page is to carry them inline.
 * @typedef {{ entry: string, preload?: string[], css?: string[], preloadEntry?: boolean }} ClientModules
 *   Manifest keys: the entry a page runs, modules whose chunks it preloads, and modules whose
 *   stylesheets it links without running them; `preloadEntry: false` leaves the chunks the entry
 *   imports to be found by the entry itself.
 */

/**
 * What a document links, as absolute URL paths, read from Vite's build manifest: the entry's
 * script; its stylesheets and the chunks it imports (to preload); for each module in `preload`,
 * its chunk, the chunks it imports and their stylesheets; for each in `css`, the stylesheets of
 * it and of what it imports. Without `modules`, the manifest's only entry.
 * @param {Manifest} manifest
 * @param {ClientModules} [modules]
 * @returns {Assets}
 */
export function assetsFromManifest(manifest, modules) {
  const entryKey = modules?.entry ?? Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey === undefined ? undefined : manifest[entryKey];
  if (!entry) throw new Error(`manifest has no entry chunk${entryKey ? ` ${entryKey}` : ''}`);

  /** @type {Set<string>} */
  const css = new Set(entry.css ?? []);
  /** @type {Set<string>} */
  const preload = new Set();
  /**
   * @param {string[]} keys
   * @param {boolean} scripts whether the chunks are preloaded, or only their stylesheets linked
   * @param {Set<string>} seen
   */
  const visit = (keys, scripts, seen) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`manifest has no chunk for ${key}`);
      if (seen.has(key)) continue;
      seen.add(key);
      // A stylesheet that is an input of its own is its own file.
      if (chunk.file.endsWith('.css')) css.add(chunk.file);
      else if (scripts) preload.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      visit(chunk.imports ?? [], scripts, seen);
    }
  };
  const scriptsSeen = new Set();
  visit(entry.imports ?? [], modules?.preloadEntry !== false, scriptsSeen);
  visit(modules?.preload ?? [], true, scriptsSeen);
  visit(modules?.css ?? [], false, new Set());

  /** @param {string} file */
  const url = (file) => `/${file}`;
  return { entry: url(entry.file), css: [...css].map(url), preload: [...preload].map(url) };
}
