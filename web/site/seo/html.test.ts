import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript } from './html';

describe('jsonForScript', () => {
  it('cannot close the script element or open a comment', () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028\u2029';
    const json = jsonForScript({ text: hostile });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual({ text: hostile });
  });
});

describe('escapeHtml', () => {
  it('escapes markup and both quote characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
