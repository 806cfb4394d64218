import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressAssets } from './compress-assets.mjs';

/** @type {string | undefined} */
let dir;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('compressAssets', () => {
  it('writes .gz and .br beside each file that decompress to the original', async () => {
    dir = await mkdtemp(join(tmpdir(), 'assets-'));
    await mkdir(join(dir, 'nested'));
    const js = 'export const a = 1;\n'.repeat(200);
    await writeFile(join(dir, 'app-1.js'), js);
    await writeFile(join(dir, 'nested', 'app-2.css'), 'body{color:red}');

    expect(await compressAssets(dir)).toBe(2);
    // Running again leaves the same set: compressed files are not compressed again.
    expect(await compressAssets(dir)).toBe(2);

    expect((await readdir(dir)).sort()).toEqual([
      'app-1.js',
      'app-1.js.br',
      'app-1.js.gz',
      'nested',
    ]);
    expect(gunzipSync(await readFile(join(dir, 'app-1.js.gz'))).toString()).toBe(js);
    expect(brotliDecompressSync(await readFile(join(dir, 'app-1.js.br'))).toString()).toBe(js);
    expect(gunzipSync(await readFile(join(dir, 'nested', 'app-2.css.gz'))).toString()).toBe(
      'body{color:red}',
    );
  });
});
