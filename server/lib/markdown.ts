/**
 * A small, safe Markdown renderer for the repository's own documents
 * (docs/api.md on /docs). It knows the constructs those documents use:
 * ATX headings (with ids), paragraphs, fenced code blocks, tables, ordered
 * and unordered lists (nested by indentation), block quotes, rules, and
 * inline code, bold, emphasis, links and backslash escapes.
 *
 * Safe by construction: every piece of text is HTML-escaped, raw HTML in
 * the source is shown as text, and links keep only http(s), mailto,
 * relative and fragment targets. The only tags in the output are the ones
 * written below.
 */

/** Class attributes per tag; `tableWrap` puts each table in a `<div>` with those classes (e.g. to scroll wide tables). */
export type MarkdownClasses = Partial<
  Record<'h1' | 'h2' | 'h3' | 'h4' | 'p' | 'ul' | 'ol' | 'li' | 'code' | 'pre' | 'a' | 'table' | 'th' | 'td' | 'blockquote' | 'hr' | 'tableWrap', string>
>;

export type Heading = { level: number; id: string; text: string };
export type Rendered = { html: string; headings: Heading[] };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** GitHub-style slug: lower case, punctuation dropped, spaces to dashes. */
export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-') || 'section'
  );
}

/** http(s), mailto, site-relative, document-relative and fragment links; anything else (javascript:, data:) is refused. */
function safeHref(url: string): string | null {
  const u = url.trim();
  if (/^(https?:|mailto:)/i.test(u)) return u;
  if (/^[a-z][a-z0-9+.-]*:/i.test(u)) return null;
  if (/^\/\//.test(u)) return null;
  return u;
}

type Ctx = { classes: MarkdownClasses; headings: Heading[]; ids: Map<string, number> };

function open(tag: Exclude<keyof MarkdownClasses, 'tableWrap'>, ctx: Ctx, attrs = ''): string {
  const cls = ctx.classes[tag];
  return `<${tag}${attrs}${cls ? ` class="${escapeHtml(cls)}"` : ''}>`;
}

// ---------------------------------------------------------------- inline

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

/** Renders one line (or joined lines) of inline Markdown to HTML. */
export function renderInline(text: string, classes: MarkdownClasses = {}): string {
  return inline(text, { classes, headings: [], ids: new Map() });
}

function inline(text: string, ctx: Ctx, inLink = false): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1])) {
      out += escapeHtml(text[i + 1]);
      i += 2;
      continue;
    }
    if (c === '`') {
      let n = 0;
      while (text[i + n] === '`') n++;
      const fence = '`'.repeat(n);
      let j = text.indexOf(fence, i + n);
      // the closing run must be exactly n backticks long
      while (j !== -1 && text[j + n] === '`') {
        let k = j;
        while (text[k] === '`') k++;
        j = text.indexOf(fence, k);
      }
      if (j === -1) {
        out += escapeHtml(fence);
        i += n;
        continue;
      }
      let code = text.slice(i + n, j);
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      out += `${open('code', ctx)}${escapeHtml(code)}</code>`;
      i = j + n;
      continue;
    }
    if (c === '*' && text[i + 1] === '*') {
      const end = findClosing(text, i + 2, '**');
      if (end !== -1) {
        out += `<strong>${inline(text.slice(i + 2, end), ctx, inLink)}</strong>`;
        i = end + 2;
        continue;
      }
    }
    if (c === '*' && text[i + 1] !== '*' && text[i + 1] !== undefined && !/\s/.test(text[i + 1])) {
      const end = findClosing(text, i + 1, '*');
      if (end !== -1 && text[end + 1] !== '*') {
        out += `<em>${inline(text.slice(i + 1, end), ctx, inLink)}</em>`;
        i = end + 1;
        continue;
      }
    }
    if (c === '[' && !inLink) {
      const link = parseLink(text, i);
      if (link) {
        const href = safeHref(link.url);
        const label = inline(link.label, ctx, true);
        out += href === null ? label : `${open('a', ctx, ` href="${escapeHtml(href)}"`)}${label}</a>`;
        i = link.end;
        continue;
      }
    }
    out += escapeHtml(c);
    i++;
  }
  return out;
}

/** Index of `marker` closing a span opened before `from`: not right after whitespace, not inside a code span. */
function findClosing(text: string, from: number, marker: string): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text[i] === '`') {
      let n = 0;
      while (text[i + n] === '`') n++;
      const j = text.indexOf('`'.repeat(n), i + n);
      if (j === -1) return -1;
      i = j + n;
      continue;
    }
    if (text.startsWith(marker, i) && i > from && !/\s/.test(text[i - 1])) return i;
    i++;
  }
  return -1;
}

/** `[label](url)` at `start`; the label may hold code spans and brackets in pairs. */
function parseLink(text: string, start: number): { label: string; url: string; end: number } | null {
  let depth = 0;
  let i = start;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '`') {
      let n = 0;
      while (text[i + n] === '`') n++;
      const j = text.indexOf('`'.repeat(n), i + n);
      if (j === -1) return null;
      i = j + n - 1;
      continue;
    }
    if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
  }
  if (i >= text.length || text[i + 1] !== '(') return null;
  // the destination ends at the `)` that balances its own parentheses
  let close = i + 2;
  for (let open = 0; close < text.length; close++) {
    if (text[close] === '(') open++;
    else if (text[close] === ')' && open-- === 0) break;
  }
  if (close >= text.length) return null;
  const url = text.slice(i + 2, close);
  if (/\s/.test(url.trim())) return null;
  return { label: text.slice(start + 1, i), url, end: close + 1 };
}

// ---------------------------------------------------------------- blocks

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)\s*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^( {0,3})([-*+])( +)(.*)$/;
const ORDERED = /^( {0,3})(\d{1,9}[.)])( +)(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** Renders a Markdown document to HTML, with the list of its headings (for a table of contents). */
export function renderMarkdown(source: string, classes: MarkdownClasses = {}): Rendered {
  const ctx: Ctx = { classes, headings: [], ids: new Map() };
  const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  return { html: blocks(lines, ctx), headings: ctx.headings };
}

/** A header row followed by a separator row such as `|---|:--:|` (with at least one pipe, so a rule is not a table). */
function isTableStart(line: string, next: string | undefined): boolean {
  return line.includes('|') && next !== undefined && next.includes('|') && next.includes('-') && TABLE_SEPARATOR.test(next);
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** Lines that end a paragraph when they follow it. */
function startsBlock(line: string, next: string | undefined): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    BULLET.test(line) ||
    ORDERED.test(line) ||
    QUOTE.test(line) ||
    isTableStart(line, next)
  );
}

/** `tight`: paragraphs without `<p>` (the items of a tight list). */
function blocks(lines: string[], ctx: Ctx, tight = false): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (isBlank(line)) {
      i++;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i].trim().startsWith(marker[0].repeat(marker.length)) && lines[i].trim().replace(/[`~]/g, '') === '')) {
        body.push(lines[i]);
        i++;
      }
      i++; // the closing fence (or the end of the document)
      const lang = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : '';
      out.push(`${open('pre', ctx)}<code${lang}>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      const raw = heading[2];
      const text = raw.replace(/`/g, '').replace(/\*\*/g, '').replace(/\\(.)/g, '$1');
      const base = slugify(text);
      const seen = ctx.ids.get(base) ?? 0;
      ctx.ids.set(base, seen + 1);
      const id = seen ? `${base}-${seen}` : base;
      ctx.headings.push({ level, id, text });
      const tag = `h${level}` as 'h1';
      out.push(`${open(tag, ctx, ` id="${escapeHtml(id)}"`)}${inline(raw, ctx)}</h${level}>`);
      i++;
      continue;
    }

    if (RULE.test(line)) {
      out.push(open('hr', ctx).replace('>', ' />'));
      i++;
      continue;
    }

    if (isTableStart(line, lines[i + 1])) {
      const header = splitRow(line);
      const aligns = splitRow(lines[i + 1]).map((c) => (c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : null));
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && !isBlank(lines[i]) && lines[i].includes('|')) {
        rows.push(splitRow(lines[i]));
        i++;
      }
      const cell = (tag: 'th' | 'td', text: string, col: number) =>
        `${open(tag, ctx, aligns[col] ? ` style="text-align:${aligns[col]}"` : '')}${inline(text, ctx)}</${tag}>`;
      const head = `<thead><tr>${header.map((h, c) => cell('th', h, c)).join('')}</tr></thead>`;
      const body = rows.map((r) => `<tr>${header.map((_, c) => cell('td', r[c] ?? '', c)).join('')}</tr>`).join('');
      const table = `${open('table', ctx)}${head}<tbody>${body}</tbody></table>`;
      out.push(ctx.classes.tableWrap ? `<div class="${escapeHtml(ctx.classes.tableWrap)}">${table}</div>` : table);
      continue;
    }

    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) {
        inner.push(QUOTE.exec(lines[i])![1]);
        i++;
      }
      out.push(`${open('blockquote', ctx)}${blocks(inner, ctx)}</blockquote>`);
      continue;
    }

    const listStart = BULLET.exec(line) ?? ORDERED.exec(line);
    if (listStart) {
      const ordered = !BULLET.test(line);
      const { html, next } = list(lines, i, ordered, ctx);
      out.push(html);
      i = next;
      continue;
    }

    const para: string[] = [];
    while (i < lines.length && !isBlank(lines[i]) && (para.length === 0 || !startsBlock(lines[i], lines[i + 1]))) {
      para.push(lines[i].trim());
      i++;
    }
    const text = inline(para.join(' '), ctx);
    out.push(tight ? text : `${open('p', ctx)}${text}</p>`);
  }
  return out.join('\n');
}

/** One list: items of the same kind; an item's body is every following line indented past its marker's indentation. */
function list(lines: string[], start: number, ordered: boolean, ctx: Ctx): { html: string; next: number } {
  const marker = ordered ? ORDERED : BULLET;
  const first = marker.exec(lines[start])!;
  const baseIndent = first[1].length;
  const startNumber = ordered ? parseInt(first[2], 10) : 1;
  const items: string[][] = [];
  let loose = false;
  let i = start;
  while (i < lines.length) {
    const m = marker.exec(lines[i]);
    if (!m || m[1].length > baseIndent + 1) break;
    const contentIndent = m[1].length + m[2].length + m[3].length;
    const body = [m[4]];
    i++;
    let sawBlank = false;
    while (i < lines.length) {
      const l = lines[i];
      if (isBlank(l)) {
        sawBlank = true;
        body.push('');
        i++;
        continue;
      }
      const lead = l.length - l.trimStart().length;
      if (lead >= baseIndent + 2) {
        // a blank line followed by more of the same item (not a nested list) makes the list loose
        if (sawBlank && !BULLET.test(l.trimStart()) && !ORDERED.test(l.trimStart())) loose = true;
        body.push(l.slice(Math.min(lead, contentIndent)));
        sawBlank = false;
        i++;
        continue;
      }
      // a lazy continuation of the item's paragraph (no blank line before it, not the start of another block)
      if (!sawBlank && !startsBlock(l, lines[i + 1])) {
        body.push(l.trim());
        i++;
        continue;
      }
      break;
    }
    while (body.length && isBlank(body[body.length - 1])) body.pop();
    items.push(body);
    if (sawBlank && i < lines.length && marker.test(lines[i])) loose = true;
  }
  const tag = ordered ? 'ol' : 'ul';
  const startAttr = ordered && startNumber !== 1 ? ` start="${startNumber}"` : '';
  const rendered = items.map((body) => `${open('li', ctx)}${blocks(body, ctx, !loose)}</li>`);
  return { html: `${open(tag, ctx, startAttr)}${rendered.join('')}</${tag}>`, next: i };
}

/**
 * Cells of a table row, as GitHub splits them: on every `|` that is not
 * escaped, code spans included; `\|` is a literal pipe (in code spans too).
 * The outer pipes are optional.
 */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  const s = line.trim();
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (s[i] === '|') {
      cells.push(cur);
      cur = '';
    } else {
      cur += s[i];
    }
  }
  cells.push(cur);
  if (s.startsWith('|')) cells.shift();
  if (s.endsWith('|') && !s.endsWith('\\|')) cells.pop();
  return cells.map((c) => c.trim());
}
