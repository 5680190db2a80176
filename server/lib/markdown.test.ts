import { describe, expect, test } from 'vitest';
import { renderInline, renderMarkdown, slugify } from './markdown';

const html = (src: string) => renderMarkdown(src).html;

describe('escaping: raw HTML is text, links only go where they may', () => {
  test.each([
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n'],
    ['a & b "c"', '<p>a &amp; b &quot;c&quot;</p>\n'],
    ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>\n'],
    ['`<b>` in code', '<p><code>&lt;b&gt;</code> in code</p>\n'],
    ['# <i>heading</i>', '<h1 id="iheadingi">&lt;i&gt;heading&lt;/i&gt;</h1>\n'],
    ['<div onclick="x()">hi</div>', '<p>&lt;div onclick=&quot;x()&quot;&gt;hi&lt;/div&gt;</p>\n'],
    ['```html\n<script>x</script>\n```', '<pre><code class="language-html">&lt;script&gt;x&lt;/script&gt;\n</code></pre>\n'],
    ['```a"b\nx\n```', '<pre><code class="language-a&quot;b">x\n</code></pre>\n'],
  ])('%s', (src, want) => expect(html(src)).toBe(want));

  test.each([
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>\n'],
    ['[x](JavaScript:alert(1))', '<p>[x](JavaScript:alert(1))</p>\n'],
    ['[x](data:text/html,hi)', '<p>[x](data:text/html,hi)</p>\n'],
    ['[x](//evil.example/)', '<p>[x](//evil.example/)</p>\n'],
    ['[x](https://a.example/?q="1"&r=2)', '<p><a href="https://a.example/?q=%221%22&amp;r=2">x</a></p>\n'],
    ['[x](/docs#send)', '<p><a href="/docs#send">x</a></p>\n'],
    ['[x](#send)', '<p><a href="#send">x</a></p>\n'],
    ['[x](mailto:ops@example.com)', '<p><a href="mailto:ops@example.com">x</a></p>\n'],
  ])('link %s', (src, want) => expect(html(src)).toBe(want));
});

describe('inline', () => {
  test.each([
    ['`code`', '<code>code</code>'],
    ['**bold** and *em*', '<strong>bold</strong> and <em>em</em>'],
    ['2 * 3 * 4 and snake_case_name', '2 * 3 * 4 and snake_case_name'],
    ['[`GET /status`](#status)', '<a href="#status"><code>GET /status</code></a>'],
  ])('%s', (src, want) => expect(renderInline(src)).toBe(want));

  test('classes are applied', () => {
    expect(renderInline('`x` [y](/z)', { code: 'c1', a: 'a1' })).toBe('<code class="c1">x</code> <a href="/z" class="a1">y</a>');
  });
});

describe('blocks', () => {
  test('headings get unique ids and are listed', () => {
    const r = renderMarkdown('# API v1\n## POST /send\n### Errors\n## Errors\n### `errors[]` field');
    expect(r.headings).toEqual([
      { level: 1, id: 'api-v1', text: 'API v1' },
      { level: 2, id: 'post-send', text: 'POST /send' },
      { level: 3, id: 'errors', text: 'Errors' },
      { level: 2, id: 'errors-1', text: 'Errors' },
      { level: 3, id: 'errors-field', text: 'errors[] field' },
    ]);
    expect(r.html).toContain('<h3 id="errors-field"><code>errors[]</code> field</h3>');
  });

  test('classes on blocks, a fence styled by its <pre> (not as inline code), CRLF', () => {
    expect(renderMarkdown('## A\r\n\r\ntext\r\n', { h2: 'big', p: 'para' }).html).toBe('<h2 class="big" id="a">A</h2>\n<p class="para">text</p>\n');
    expect(renderMarkdown('```\nx\n```', { pre: 'p1', code: 'c1' }).html).toBe('<pre class="p1"><code>x\n</code></pre>\n');
  });

  test('tables, wrapped when asked', () => {
    expect(renderMarkdown('| a |\n|---|\n| 1 |', { tableWrap: 'scroll', table: 't' }).html).toBe(
      '<div class="scroll"><table class="t">\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>\n</div>\n',
    );
  });

  test('slugify', () => {
    expect(slugify('GET /messages/{message_id}/recipients')).toBe('get-messagesmessage_idrecipients');
    expect(slugify('Rate limits')).toBe('rate-limits');
    expect(slugify('!!!')).toBe('section');
  });
});
