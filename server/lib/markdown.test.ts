import { describe, expect, test } from 'vitest';
import { escapeHtml, renderInline, renderMarkdown, slugify } from './markdown';

const html = (src: string) => renderMarkdown(src).html;

describe('escaping', () => {
  test.each([
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['a & b "c" \'d\'', '<p>a &amp; b &quot;c&quot; &#39;d&#39;</p>'],
    ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
    ['`<b>` in code', '<p><code>&lt;b&gt;</code> in code</p>'],
    ['# <i>heading</i>', '<h1 id="iheadingi">&lt;i&gt;heading&lt;/i&gt;</h1>'],
  ])('%s', (src, want) => expect(html(src)).toBe(want));

  test('raw HTML blocks are text, code blocks too', () => {
    expect(html('<div onclick="x()">hi</div>')).toBe('<p>&lt;div onclick=&quot;x()&quot;&gt;hi&lt;/div&gt;</p>');
    expect(html('```html\n<script>x</script>\n```')).toBe('<pre><code class="language-html">&lt;script&gt;x&lt;/script&gt;</code></pre>');
  });

  test.each([
    ['[x](javascript:alert(1))', '<p>x</p>'],
    ['[x](JavaScript:alert(1))', '<p>x</p>'],
    ['[x](data:text/html,hi)', '<p>x</p>'],
    ['[x](//evil.example/)', '<p>x</p>'],
    ['[x](https://a.example/?q="1"&r=2)', '<p><a href="https://a.example/?q=&quot;1&quot;&amp;r=2">x</a></p>'],
    ['[x](/docs#send)', '<p><a href="/docs#send">x</a></p>'],
    ['[x](#send)', '<p><a href="#send">x</a></p>'],
    ['[x](mailto:ops@example.com)', '<p><a href="mailto:ops@example.com">x</a></p>'],
  ])('link %s', (src, want) => expect(html(src)).toBe(want));

  test('the language of a fence cannot break out of its attribute', () => {
    expect(html('```a"b\nx\n```')).not.toContain('a"b');
  });

  test('escapeHtml', () => expect(escapeHtml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&#39;'));
});

describe('inline', () => {
  test.each([
    ['`code`', '<code>code</code>'],
    ['``a ` b``', '<code>a ` b</code>'],
    ['`` `x` ``', '<code>`x`</code>'],
    ['an `unclosed backtick', 'an `unclosed backtick'],
    ['**bold** and *em*', '<strong>bold</strong> and <em>em</em>'],
    ['**bold `code`**', '<strong>bold <code>code</code></strong>'],
    ['2 * 3 * 4', '2 * 3 * 4'],
    ['snake_case_name', 'snake_case_name'],
    ['\\*not em\\*', '*not em*'],
    ['[`GET /status`](#status)', '<a href="#status"><code>GET /status</code></a>'],
    ['[a](https://x.example/a_(b))', '<a href="https://x.example/a_(b)">a</a>'],
    ['[not a link] (x)', '[not a link] (x)'],
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

  test('paragraphs join their lines and end at a blank line or another block', () => {
    expect(html('one\ntwo\n\nthree\n- item')).toBe('<p>one two</p>\n<p>three</p>\n<ul><li>item</li></ul>');
  });

  test('fenced code keeps its lines, indentation and blank lines', () => {
    expect(html('```\n  a\n\n  b\n```\nafter')).toBe('<pre><code>  a\n\n  b</code></pre>\n<p>after</p>');
    expect(html('~~~\n```\n~~~')).toBe('<pre><code>```</code></pre>');
  });

  test('tables: header, alignment, inline markup, escaped pipes (in code too, as GitHub does), short rows', () => {
    const out = html('| Field | Type |\n|---|:-:|\n| `a\\|b` | **x** \\| y |\n| c |');
    expect(out).toBe(
      '<table><thead><tr><th>Field</th><th style="text-align:center">Type</th></tr></thead>' +
        '<tbody><tr><td><code>a|b</code></td><td style="text-align:center"><strong>x</strong> | y</td></tr>' +
        '<tr><td>c</td><td style="text-align:center"></td></tr></tbody></table>',
    );
  });

  test('tables can be wrapped', () => {
    expect(renderMarkdown('| a |\n|---|\n| 1 |', { tableWrap: 'scroll', table: 't' }).html).toBe(
      '<div class="scroll"><table class="t"><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table></div>',
    );
  });

  test('a rule is not a table', () => {
    expect(html('a\n\n---\n\nb')).toBe('<p>a</p>\n<hr />\n<p>b</p>');
  });

  test('lists: unordered, ordered with a start, nested, continued lines', () => {
    expect(html('- a\n- b\n  - c\n  - d\n- e\n  more')).toBe('<ul><li>a</li><li>b\n<ul><li>c</li><li>d</li></ul></li><li>e more</li></ul>');
    expect(html('3. x\n4. y')).toBe('<ol start="3"><li>x</li><li>y</li></ol>');
    expect(html('1. x\n   - y')).toBe('<ol><li>x\n<ul><li>y</li></ul></li></ol>');
  });

  test('a loose list keeps its paragraphs', () => {
    expect(html('- a\n\n- b')).toBe('<ul><li><p>a</p></li><li><p>b</p></li></ul>');
  });

  test('a list ends where the next kind of block starts', () => {
    expect(html('- a\n1. b\n\npara')).toBe('<ul><li>a</li></ul>\n<ol><li>b</li></ol>\n<p>para</p>');
  });

  test('block quotes hold blocks', () => {
    expect(html('> **Note**\n> text')).toBe('<blockquote><p><strong>Note</strong> text</p></blockquote>');
  });

  test('CRLF line endings and classes on blocks', () => {
    expect(renderMarkdown('## A\r\n\r\ntext\r\n', { h2: 'big', p: 'para' }).html).toBe('<h2 id="a" class="big">A</h2>\n<p class="para">text</p>');
  });

  test('slugify', () => {
    expect(slugify('GET /messages/{message_id}/recipients')).toBe('get-messagesmessage_idrecipients');
    expect(slugify('Rate limits')).toBe('rate-limits');
    expect(slugify('!!!')).toBe('section');
  });
});
