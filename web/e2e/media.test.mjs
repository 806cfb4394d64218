// The media library in a real browser against a real server: an editor uploads a picture (a real
// JPEG drawn here) with its alt text in English, adds the Arabic in the details, uploads a PDF,
// finds each by search, switches between the grid and the list; the PDF answers as a download,
// the picture's files are served immutable. A PNG whose header claims 100 megapixels and a PDF
// that carries JavaScript are refused with the server's sentence on screen. The screen is checked
// with axe and photographed in both languages and themes at desktop and phone widths.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { until, untilAttribute, useSiteAndBrowser } from './harness.mjs';
import { listedMedia, noAxeViolations, staffMember } from './staff.mjs';

const site = useSiteAndBrowser({ host: 'localhost' });
// Screenshots go to SHOTS_DIR when it is set.
const SHOTS = process.env.SHOTS_DIR;

/** A real 1600 × 900 JPEG: a gradient with a disc, so the encoder has something to encode. */
function picture() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#0b3d5c"/><stop offset="1" stop-color="#e0a526"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/><circle cx="1100" cy="380" r="220" fill="#f4efe6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A PNG chunk: length, type, data and the CRC over type and data. */
function chunk(type, data) {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([head, body, crc]);
}

/** A small PNG whose header claims 10000 × 10000 pixels (100 megapixels). */
function hugePNG() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10000, 0);
  ihdr.writeUInt32BE(10000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF; `open` adds an action run on opening it. */
function pdf(open = '') {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${open}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const untilPressed = (button) => untilAttribute(button, 'aria-pressed', 'true');

const overflow = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the media library', () => {
  test('an editor uploads a picture and a PDF, finds them, and hostile files are refused', async () => {
    const editor = await staffMember(site, {
      email: 'samir@noorvale.example',
      name: 'Samir Haddad',
      role: 'editor',
      allowApiStatuses: [400, 401, 403, 413],
    });
    const { page } = editor;
    try {
      await page
        .getByRole('navigation', { name: 'Back-office sections' })
        .getByRole('link', { name: 'Media library' })
        .click();
      await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor();
      const form = page.locator('form[data-media-upload]');
      const send = async (name, mimeType, buffer, fields = {}) => {
        await form.getByLabel('Choose a file').setInputFiles({ name, mimeType, buffer });
        await form.locator('[data-chosen]').getByText(name).waitFor();
        for (const [label, value] of Object.entries(fields)) {
          await form.getByLabel(label, { exact: true }).fill(value);
        }
        await form.getByRole('button', { name: 'Upload' }).click();
      };

      // A picture, with its alt text in English; a picture without one is not sent.
      await form.getByLabel('Choose a file').setInputFiles({
        name: 'skyline.jpg',
        mimeType: 'image/jpeg',
        buffer: await picture(),
      });
      await form.getByRole('button', { name: 'Upload' }).click();
      await form.getByText('Describe the picture for people who cannot see it.').waitFor();
      await send('skyline.jpg', 'image/jpeg', await picture(), {
        'Alt text in English (required for pictures)': 'The Riyadh office towers at dusk',
        Title: 'Riyadh skyline',
        Tags: 'offices, riyadh',
        Folder: 'Offices',
      });
      await form.getByRole('status').getByText('The file is in the library.').waitFor();
      const detail = page.locator('form[data-media-detail]');
      await detail.getByText('1600 × 900').waitFor();
      await detail.getByLabel('Arabic: alt text missing').fill('أبراج مكتب الرياض عند الغروب');
      await detail
        .getByLabel('French: alt text missing')
        .fill('Les tours du bureau de Riyad au crépuscule');
      await detail
        .getByLabel('Dutch: alt text missing')
        .fill('De torens van het kantoor in Riyad bij schemering');
      await detail.getByRole('button', { name: 'Save details' }).click();
      await detail.getByText('The details are saved.').waitFor();
      const [photo] = await listedMedia(page, 'Riyadh skyline');
      assert.equal(photo.alt.en, 'The Riyadh office towers at dusk');
      assert.equal(photo.alt.ar, 'أبراج مكتب الرياض عند الغروب');

      // The picture's files: every one served immutable, in the formats pages need.
      const types = new Set(photo.files.map((f) => f.type));
      for (const type of ['image/avif', 'image/webp', 'image/jpeg'])
        assert.ok(types.has(type), type);
      for (const file of photo.files) {
        const res = await fetch(site.server.baseUrl + file.url);
        assert.equal(res.status, 200, file.url);
        assert.match(res.headers.get('cache-control') ?? '', /immutable/, file.url);
        assert.equal(res.headers.get('content-type'), file.type);
      }

      // A PDF document; it downloads under its name, never shown inline.
      await send('iso-27001-checklist.pdf', 'application/pdf', pdf(), {
        Title: 'ISO 27001 checklist',
        Folder: 'Guides',
      });
      await form.getByRole('status').getByText('The file is in the library.').waitFor();
      await detail.getByText('iso-27001-checklist.pdf').waitFor();
      const [doc] = await listedMedia(page, 'checklist');
      const res = await fetch(site.server.baseUrl + doc.url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/pdf');
      assert.match(
        res.headers.get('content-disposition') ?? '',
        /^attachment;.*iso-27001-checklist\.pdf/,
      );
      assert.match(res.headers.get('cache-control') ?? '', /immutable/);

      // Hostile files: the server's sentence is shown under the file.
      await send('bomb.png', 'image/png', hugePNG(), {
        'Alt text in English (required for pictures)': 'Nothing',
      });
      await form
        .getByText('The picture is 10000 × 10000 pixels; the library takes at most', {
          exact: false,
        })
        .waitFor();
      await send(
        'invoice.pdf',
        'application/pdf',
        pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '),
      );
      await form.getByText('The PDF contains active content', { exact: false }).waitFor();
      assert.equal((await listedMedia(page, 'bomb')).length, 0);
      assert.equal((await listedMedia(page, 'invoice')).length, 0);

      // Search, and the grid and the list.
      const items = page.locator('[data-media-view] [data-media-item]');
      await until(async () => (await items.count()) === 2);
      const search = page.locator('[data-media-filters]').getByLabel('Search');
      await search.fill('checklist');
      await until(async () => (await items.count()) === 1);
      await page.locator(`[data-media-view="grid"] [data-media-item="${doc.id}"]`).waitFor();
      await search.fill('riyadh');
      await page.locator(`[data-media-view="grid"] [data-media-item="${photo.id}"]`).waitFor();
      await until(async () => (await items.count()) === 1);
      await search.fill('');
      await until(async () => (await items.count()) === 2);
      const views = page.locator('[data-media-views] button');
      await views.nth(1).click();
      await untilPressed(views.nth(1));
      await page.locator('[data-media-view="list"]').getByText('ISO 27001 checklist').waitFor();
      await page.getByRole('button', { name: 'Riyadh skyline' }).click();
      await detail.locator('[data-alt="ar"]').waitFor();

      // Each language, theme and width: axe in English light and Arabic dark, and pictures.
      if (SHOTS) await mkdir(SHOTS, { recursive: true });
      for (const lang of ['en', 'ar']) {
        if (lang === 'ar') {
          await page.locator('button[lang="ar"]').click();
          await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
          await page.getByRole('heading', { name: 'مكتبة الوسائط', level: 1 }).waitFor();
        }
        for (const theme of ['light', 'dark']) {
          if (theme === 'dark') {
            await page.locator('header button[data-theme-switch]').click();
            await page.locator('html.theme-dark').waitFor();
          }
          const checked = (lang === 'en') === (theme === 'light');
          for (const width of [1280, 375]) {
            await page.setViewportSize({ width, height: 800 });
            for (const view of ['grid', 'list']) {
              await views.nth(view === 'grid' ? 0 : 1).click();
              await page.locator(`[data-media-view="${view}"]`).waitFor();
              if (checked)
                await noAxeViolations(page, `media ${view}, ${lang}, ${theme}, ${width}`);
              assert.ok((await overflow(page)) <= 0, `sideways scroll at ${width} px, ${lang}`);
              if (SHOTS)
                await page.screenshot({
                  path: `${SHOTS}/media-${view}-${lang}-${theme}-${width}.png`,
                  fullPage: true,
                });
            }
          }
          if (theme === 'dark') {
            await page.locator('header button[data-theme-switch]').click();
            await page.locator('html:not(.theme-dark)').waitFor();
          }
        }
      }
      editor.assertClean();
    } finally {
      await editor.close();
    }
  });
});
