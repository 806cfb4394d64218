// Pictures and documents of the media library inside running text, in a real browser against a
// real server whose renderer encodes the picture with sharp: an editor uploads a picture (alt text
// in English and Arabic) and a PDF through the library, puts the picture with a caption into a
// news story's text and links the PDF from words of it, saves and publishes. The story's English
// and Arabic pages show a responsive picture whose alt text is in the page's language, with its
// caption, and a link that downloads the PDF and says its size. Axe on the editor holding the
// picture; the editor and both pages fit a phone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { minimalPdf } from './documents.mjs';
import { assertFits, openPage, untilServed, useSiteAndBrowser } from './harness.mjs';
import { listedMedia, noAxeViolations, saveAndPublish, staffMember } from './staff.mjs';

const site = useSiteAndBrowser({ host: 'localhost' });
const SHOTS = process.env.SHOTS_DIR;

const slug = 'cairo-office-moves-to-new-cairo';
const story = JSON.parse(
  readFileSync(
    new URL(`../../api/content/seed/collections/en/news/${slug}.json`, import.meta.url),
    'utf8',
  ),
);
const altEn = 'Consultants reviewing an audit plan at the Cairo office';
const altAr = 'مستشارون يراجعون خطة تدقيق في مكتب القاهرة';

/** A real 1600 × 900 JPEG, so the encoder has something to encode. */
function picture() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#123c54"/><stop offset="1" stop-color="#d99a2b"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/><circle cx="500" cy="420" r="200" fill="#f4efe6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Waits until the public page at `path` holds `text`. */
const waitForPublic = (path, text) => untilServed(site.server.baseUrl, path, text);

describe('pictures and documents in running text', () => {
  test('an editor puts a picture and a PDF into a story, and the pages show them', async () => {
    const editor = await staffMember(site, {
      email: 'leila@noorvale.example',
      name: 'Leila Mansour',
      role: 'editor',
      allowApiStatuses: [401, 403],
    });
    const { page } = editor;
    const nav = page.getByRole('navigation', { name: 'Back-office sections' });

    // The picture and the PDF go into the library, the picture described in both languages.
    await nav.getByRole('link', { name: 'Media library' }).click();
    const form = page.locator('form[data-media-upload]');
    const send = async (name, mimeType, buffer, fields) => {
      await form.getByLabel('Choose a file').setInputFiles({ name, mimeType, buffer });
      await form.locator('[data-chosen]').getByText(name).waitFor();
      for (const [label, value] of Object.entries(fields)) {
        await form.getByLabel(label, { exact: true }).fill(value);
      }
      await form.getByRole('button', { name: 'Upload' }).click();
      await form.getByRole('status').getByText('The file is in the library.').waitFor();
    };
    await send('audit-plan.jpg', 'image/jpeg', await picture(), {
      'Alt text in English (required for pictures)': altEn,
      Title: 'Audit plan review',
    });
    const detail = page.locator('form[data-media-detail]');
    await detail.getByText('1600 × 900').waitFor();
    await detail.getByLabel('Arabic: alt text missing').fill(altAr);
    await detail.getByRole('button', { name: 'Save details' }).click();
    await detail.getByText('The details are saved.').waitFor();
    await send(
      'cairo-office-guide.pdf',
      'application/pdf',
      minimalPdf('Cairo office visitor guide'),
      {
        Title: 'Cairo office guide',
      },
    );
    const [photo] = await listedMedia(page, 'Audit plan review');
    const [guide] = await listedMedia(page, 'Cairo office guide');
    assert.equal(photo.alt.ar, altAr);

    // The story's text gets a sentence linking the PDF, then the picture with a caption.
    await nav.getByRole('link', { name: 'Content' }).click();
    await page.getByRole('link', { name: story.title }).click();
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    const field = page.locator('[data-field="body"]');
    const text = field.getByRole('textbox');
    await text.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read the visitor guide');
    await page.keyboard.press('Shift+Home');
    const picker = page.locator('dialog[data-media-picker]');
    const choose = async (id) => {
      await picker.locator(`[data-media-item="${id}"]`).click();
      await picker.getByRole('button', { name: 'Use this file' }).click();
      await picker.waitFor({ state: 'hidden' });
    };
    await field.getByRole('button', { name: 'Link a document' }).click();
    await picker.waitFor();
    await choose(guide.id);
    const docLink = text.locator(`a[href="${guide.url}"]`);
    assert.equal(await docLink.textContent(), 'Read the visitor guide');

    await text.click();
    await page.keyboard.press('Control+End');
    await field.getByRole('button', { name: 'Insert picture' }).click();
    await picker.waitFor();
    await choose(photo.id);
    const figure = field.locator(`[data-prose-picture="${photo.id}"]`);
    await figure.getByRole('img', { name: altEn }).waitFor();
    await figure.getByLabel('Caption (optional)').fill('The new office’s audit room');
    await noAxeViolations(page, 'the editor with a picture, English light');
    await page.setViewportSize({ width: 375, height: 740 });
    await figure.scrollIntoViewIfNeeded();
    await assertFits(page, 'the editor with a picture fits a phone');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/prose-media-editor-375-en.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    if (SHOTS) {
      await figure.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/prose-media-editor-1280-en.png` });
    }

    await saveAndPublish(page);

    // The editor with the picture in Arabic, dark, at both widths.
    await page.locator('button[lang="ar"]').click();
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor();
    await page.locator('header button[data-theme-switch]').click();
    await page.locator('html.theme-dark').waitFor();
    await figure.getByLabel('التعليق (اختياري)').waitFor();
    await noAxeViolations(page, 'the editor with a picture, Arabic dark');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await figure.scrollIntoViewIfNeeded();
      await assertFits(page, `the Arabic editor with a picture fits ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/prose-media-editor-${width}-ar.png` });
    }

    // The Arabic text gets the same picture and link, through the content API.
    await page.evaluate(
      async ({ slug, media, href }) => {
        const path = `/api/admin/content/news/${slug}/ar`;
        const item = (await (await fetch(`/api/admin/content/news/${slug}`)).json()).data;
        const ar = item.languages.ar;
        const body = ar.latest?.body ?? ar.live;
        body.body.content.push(
          { type: 'image', attrs: { media, caption: 'غرفة التدقيق في المكتب الجديد' } },
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'اقرأ دليل الزوار',
                marks: [{ type: 'link', attrs: { href } }],
              },
            ],
          },
        );
        const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
        const saved = await fetch(path, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ base: ar.latest?.id ?? 0, body }),
        });
        if (!saved.ok) throw new Error(`save: ${saved.status} ${await saved.text()}`);
        const version = (await saved.json()).data.id;
        const published = await fetch(`${path}/publish`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ version }),
        });
        if (!published.ok) throw new Error(`publish: ${published.status}`);
      },
      { slug, media: photo.id, href: guide.url },
    );
    editor.assertClean();

    // The public pages, in English and Arabic.
    const storyPath = `/resources/news/${slug}`;
    await waitForPublic(storyPath, `/media/library/${photo.id}/`);
    await waitForPublic(`/ar${storyPath}`, `/media/library/${photo.id}/`);
    for (const [lang, path, alt] of [
      ['en', storyPath, altEn],
      ['ar', `/ar${storyPath}`, altAr],
    ]) {
      for (const width of [1280, 375]) {
        const visitor = await openPage(site.browser, { width, height: 800 });
        await visitor.page.goto(`${site.server.baseUrl}${path}`);
        const shown = visitor.page.locator('main figure picture');
        await shown.waitFor();
        assert.match(
          (await shown.locator('source[type="image/avif"]').getAttribute('srcset')) ?? '',
          new RegExp(`^/media/library/${photo.id}/\\S+\\.avif \\d+w`),
        );
        assert.ok(await shown.locator('source[type="image/webp"]').getAttribute('srcset'));
        const img = shown.locator('img');
        assert.equal(await img.getAttribute('alt'), alt, `${lang} alt text`);
        assert.equal(await img.getAttribute('loading'), 'lazy');
        assert.equal(await img.getAttribute('width'), '1600');
        await img.scrollIntoViewIfNeeded();
        await visitor.page.waitForFunction(
          (el) => el.complete && el.naturalWidth > 0 && /\.avif$/.test(el.currentSrc),
          await img.elementHandle(),
        );
        assert.ok(await visitor.page.locator('main figure figcaption').textContent());
        const link = visitor.page.locator(`main a[href="${guide.url}"]`);
        assert.equal(await link.getAttribute('download'), '');
        assert.match((await link.textContent()) ?? '', /PDF/);
        await assertFits(visitor.page, `the ${lang} story fits ${width} px`);
        if (SHOTS) {
          for (const theme of ['light', 'dark']) {
            await visitor.page.evaluate((dark) => {
              document.documentElement.classList.toggle('theme-dark', dark);
            }, theme === 'dark');
            await visitor.page.locator('main figure').scrollIntoViewIfNeeded();
            await visitor.page.screenshot({
              path: `${SHOTS}/prose-media-${lang}-${width}-${theme}.png`,
            });
          }
        }
        visitor.assertClean();
        await visitor.close();
      }
    }

    // The PDF link answers with a download.
    const res = await fetch(site.server.baseUrl + guide.url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.match(res.headers.get('content-disposition') ?? '', /^attachment;/);
    await editor.close();
  });
});
