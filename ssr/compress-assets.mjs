// Writes .gz and .br beside every built asset, so the server can send pre-compressed bytes
// without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path);
      return entry.isFile() && !/\.(gz|br)$/.test(entry.name) ? [path] : [];
    }),
  );
  return nested.flat();
}

/**
 * Compresses every file under `dir`; returns how many files were compressed.
 * @param {string} dir
 */
export async function compressAssets(dir) {
  const files = await filesUnder(dir);
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [gz, br] = await Promise.all([
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        brotliAsync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
    }),
  );
  return files.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = resolve(process.argv[2] ?? join(process.env.DIST_DIR ?? 'dist', 'client', 'assets'));
  const count = await compressAssets(dir);
  process.stdout.write(`compressed ${count} files in ${dir}\n`);
}
