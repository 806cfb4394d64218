// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { typedValues } from './typed-values';

/** A form as the server sends it, then filled in by the visitor before its code ran. */
function formOf(html: string): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = html;
  return form;
}

describe('typedValues', () => {
  it('takes the text, the choice and the ticks entered before the code ran', () => {
    const form = formOf(`
      <input name="fullName" value="">
      <textarea name="message"></textarea>
      <select name="timeline"><option value="">Choose</option><option value="asap">Now</option></select>
      <input type="checkbox" name="consent">
      <input type="checkbox" name="services" value="/a">
      <input type="checkbox" name="services" value="/b">
      <input type="checkbox" name="services" value="/c">
      <input name="email" value="">`);
    (form.elements.namedItem('fullName') as HTMLInputElement).value = 'Nadia Farouk';
    (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'A test in spring.';
    (form.elements.namedItem('timeline') as HTMLSelectElement).value = 'asap';
    (form.elements.namedItem('consent') as HTMLInputElement).checked = true;
    const services = form.querySelectorAll<HTMLInputElement>('[name="services"]');
    services[0]!.checked = true;
    services[2]!.checked = true;
    const values = {
      fullName: '',
      message: '',
      timeline: '',
      consent: false,
      services: '',
      email: '',
      company: '',
    };
    expect(typedValues(form, values)).toEqual({
      fullName: 'Nadia Farouk',
      message: 'A test in spring.',
      timeline: 'asap',
      consent: true,
      services: '/a /c',
    });
  });

  it('finds nothing when the form still shows its values', () => {
    const form = formOf(
      '<input name="fullName" value="Layla"><input type="checkbox" name="consent">',
    );
    expect(typedValues(form, { fullName: 'Layla', consent: false })).toEqual({});
  });
});
