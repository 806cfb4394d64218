// A cover uploaded in the back-office, in a real browser against a real server whose renderer
// encodes it with sharp: an editor gives a news story a cover (a file that is no picture and
// one too small are refused with the server's words, under the field), saves and publishes;
// the story's page, the news list and the home page's slider show it as a picture with AVIF
// and WebP sources, served immutable, and its link preview is its JPEG. A story without one
// keeps its drawn cover. Axe on the field in English light and Arabic dark, and a phone's width.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import {
  assertFits,
  launchBrowser,
  openPage,
  startServer,
  until,
  untilServed,
} from './harness.mjs';
import { noAxeViolations, saveAndPublish, staffMember } from './staff.mjs';

const site = { server: undefined, browser: undefined };
before(async () => {
  site.server = await startServer({ host: 'localhost' });
  site.browser = await launchBrowser();
});
after(async () => {
  await site.browser?.close();
  await site.server?.stop();
});

const slug = 'partnership-with-nakhlah-security-academy';
const other = 'cairo-office-moves-to-new-cairo';
const story = JSON.parse(
  readFileSync(
    new URL(`../../api/content/seed/collections/en/news/${slug}.json`, import.meta.url),
    'utf8',
  ),
);

/** A photograph-like picture: a gradient with a bright disc, as JPEG. */
function picture(width, height) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g"><stop offset="0" stop-color="#0b3a66"/><stop offset="1" stop-color="#6fdccf"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.6}" cy="${height / 2}" r="${height / 4}" fill="#ffd25e"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** Waits until the public page at `path` holds `text`. */
const waitForPublic = (path, text) => untilServed(site.server.baseUrl, path, text);

describe('uploaded covers', () => {
  test('uploaded, refused, published and shown as AVIF and WebP', async () => {
    const editor = await staffMember(site, {
      email: 'yasmin@noorvale.example',
      name: 'Yasmin Aziz',
      role: 'editor',
      allowApiStatuses: [400, 401, 403],
    });
    const { page } = editor;
    await page
      .getByRole('navigation', { name: 'Back-office sections' })
      .getByRole('link', { name: 'Content' })
      .click();
    await page.getByRole('link', { name: story.title }).click();
    await page.getByRole('button', { name: 'Save draft' }).waitFor();

    const field = page.locator('[data-field="cover"]');
    await field.getByText('No cover: the page shows its drawn cover art.').waitFor();
    const chooser = field.getByLabel('Upload a cover');

    // What the server refuses is said under the field, in the staff member's words.
    await chooser.setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('these are meeting notes, not a picture'),
    });
    await field
      .getByRole('alert')
      .filter({ hasText: 'Upload a JPEG, PNG, WebP or AVIF picture.' })
      .waitFor();
    await chooser.setInputFiles({
      name: 'small.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture(640, 360),
    });
    await field
      .getByRole('alert')
      .filter({ hasText: 'The picture is 640 × 360 pixels; a cover needs at least 1200 × 675.' })
      .waitFor();

    // A good one: encoded, shown in the field, kept once saved and published.
    await chooser.setInputFiles({
      name: 'classroom.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture(1800, 1200),
    });
    await field
      .getByRole('status')
      .filter({ hasText: 'The cover is uploaded. Save the item to keep it.' })
      .waitFor();
    const current = field.getByRole('img', { name: 'The current cover' });
    await current.waitFor();
    const id = /\/media\/covers\/([0-9a-f]{32})\//.exec(await current.getAttribute('src'))?.[1];
    assert.ok(id, 'the field shows the uploaded cover');
    await page.waitForFunction(
      (img) => img.complete && img.naturalWidth === 400,
      await current.elementHandle(),
    );
    assert.equal(await field.getByRole('alert').count(), 0, 'the refusal is gone');
    await noAxeViolations(page, 'cover field, English light');

    await saveAndPublish(page);

    // The field in Arabic, dark, and on a phone.
    await page.locator('button[lang="ar"]').click();
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
    await page.locator('header button[data-theme-switch]').click();
    await page.locator('html.theme-dark').waitFor();
    await field.getByLabel('استبدل الغلاف').waitFor();
    await noAxeViolations(page, 'cover field, Arabic dark');
    await page.setViewportSize({ width: 375, height: 740 });
    await field.scrollIntoViewIfNeeded();
    await assertFits(page, 'the editor with a cover fits a phone');
    editor.assertClean();

    // The public pages: the story, the list and the home page's slider.
    const storyPath = `/resources/news/${slug}`;
    await waitForPublic(storyPath, `/media/covers/${id}/`);
    await waitForPublic('/resources/news', `/media/covers/${id}/`);
    await waitForPublic('/', `/media/covers/${id}/`);
    const visitor = await openPage(site.browser, { width: 1280, height: 800 });
    await visitor.page.goto(`${site.server.baseUrl}${storyPath}`);
    const cover = visitor.page.locator('main picture').first();
    assert.equal(
      await cover.locator('source[type="image/avif"]').getAttribute('srcset'),
      [400, 800, 1200].map((w) => `/media/covers/${id}/${w}.avif ${w}w`).join(', '),
    );
    assert.equal(
      await cover.locator('source[type="image/webp"]').getAttribute('srcset'),
      [400, 800, 1200].map((w) => `/media/covers/${id}/${w}.webp ${w}w`).join(', '),
    );
    const img = cover.locator('img');
    assert.equal(await img.getAttribute('alt'), story.imageAlt);
    // Chromium reads AVIF: the picture it chose is one of the AVIF widths, decoded.
    await visitor.page.waitForFunction(
      (el) => el.complete && el.naturalWidth > 0 && /\.avif$/.test(el.currentSrc),
      await img.elementHandle(),
    );
    const preview = await visitor.page.locator('meta[property="og:image"]').getAttribute('content');
    assert.equal(preview, `${site.server.baseUrl}/media/covers/${id}/og.jpg`);
    for (const [file, type] of [
      ['1200.avif', 'image/avif'],
      ['400.webp', 'image/webp'],
      ['og.jpg', 'image/jpeg'],
    ]) {
      const res = await fetch(`${site.server.baseUrl}/media/covers/${id}/${file}`);
      assert.equal(res.status, 200, file);
      assert.equal(res.headers.get('content-type'), type, file);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable', file);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      const [width, height] = file === 'og.jpg' ? [1200, 630] : [Number(file.split('.')[0])];
      assert.equal(meta.width, width, file);
      if (height) assert.equal(meta.height, height, file);
    }

    // A story without an uploaded cover keeps its drawn one.
    await visitor.page.goto(`${site.server.baseUrl}/resources/news/${other}`);
    const drawn = visitor.page.locator('main img').first();
    assert.equal(await drawn.getAttribute('src'), `/covers/resources/news/${other}.svg`);
    assert.equal(await visitor.page.locator('main picture').count(), 0);

    // The list shows the uploaded cover on the story's card.
    await visitor.page.goto(`${site.server.baseUrl}/resources/news`);
    const card = visitor.page.locator(`article:has(a[href$="/${slug}"]) picture img`);
    await card.scrollIntoViewIfNeeded();
    await visitor.page.waitForFunction(
      (el) => el.complete && el.naturalWidth > 0 && /\.avif$/.test(el.currentSrc),
      await card.elementHandle(),
    );
    visitor.assertClean();
    await visitor.close();

    // A cover made of a picture in the media library, uploaded from the picker itself: in
    // Arabic, dark, on a phone, as the editor left it.
    await field.getByRole('button', { name: 'اختيار صورة من مكتبة الوسائط' }).click();
    const picker = page.locator('dialog[data-media-picker]');
    await picker.getByText('رفع ملف', { exact: true }).click();
    const upload = picker.locator('form[data-media-upload]');
    await upload.getByLabel('اختر ملفًا').setInputFiles({
      name: 'dubai-office.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture(1600, 900),
    });
    await upload.getByLabel(/مطلوب للصور/).fill('مكتب دبي');
    await upload.getByRole('button', { name: 'رفع', exact: true }).click();
    // The new file is chosen, and the picker says so beside its buttons.
    await picker.getByRole('status').filter({ hasText: 'المختار: dubai-office' }).waitFor();
    await assertFits(page, 'the media picker fits a phone');
    await noAxeViolations(page, 'media picker, Arabic dark');
    await picker.getByRole('button', { name: 'استخدام هذا الملف' }).click();
    await field
      .getByRole('status')
      .filter({ hasText: 'أصبحت الصورة من المكتبة هي الغلاف. احفظ العنصر للاحتفاظ بها.' })
      .waitFor();
    const made = field.locator('figure img');
    await until(async () => {
      const src = (await made.getAttribute('src')) ?? '';
      return src.includes('/media/covers/') && !src.includes(id);
    });
    await page.waitForFunction(
      (el) => el.complete && el.naturalWidth === 400,
      await made.elementHandle(),
    );
    editor.assertClean();
    await editor.close();
  });
});
