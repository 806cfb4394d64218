import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldError } from './form-controls';

describe('FieldError', () => {
  it('announces the error under its field, with its icon', () => {
    const html = renderToStaticMarkup(
      <FieldError state={{ error: 'Enter your e-mail address.', errorId: 'email-error' }} />,
    );
    expect(html).toContain('id="email-error"');
    expect(html).toContain('role="alert"');
    expect(html).toContain('<svg');
    expect(html).toContain('Enter your e-mail address.');
  });

  it('renders nothing while the field has no error', () => {
    expect(renderToStaticMarkup(<FieldError state={{ error: '', errorId: 'email-error' }} />)).toBe(
      '',
    );
  });
});
