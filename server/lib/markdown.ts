import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/**
 * The repository's own documents (docs/api.md on /docs) as HTML, through markdown-it (CommonMark + GitHub tables),
 * with what the page needs on top: a class per tag, an id on every heading (GitHub-style slugs, made unique) and the
 * list of headings for the contents, and tables optionally wrapped (to scroll wide ones).
 *
 * Safe: raw HTML in the source is shown as text (markdown-it's `html: false`), every piece of text is escaped, and
 * links keep only http(s), mailto, site-relative, document-relative and fragment targets (validateLink below).
 */

/** Class attributes per tag; `tableWrap` puts each table in a `<div>` with those classes (e.g. to scroll wide tables). */
export type MarkdownClasses = Partial<
  Record<'h1' | 'h2' | 'h3' | 'h4' | 'p' | 'ul' | 'ol' | 'li' | 'code' | 'pre' | 'a' | 'table' | 'th' | 'td' | 'blockquote' | 'hr' | 'tableWrap', string>
>;

export type Heading = { level: number; id: string; text: string };
export type Rendered = { html: string; headings: Heading[] };

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

/** http(s), mailto, site-relative, document-relative and fragment links; anything else (javascript:, data:, //host) is refused. */
function safeLink(url: string): boolean {
  const u = url.trim();
  if (u.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(u)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** The plain text of an inline token's children (code spans included), as a heading's slug and contents entry read it. */
function textOf(inline: Token | undefined): string {
  return (inline?.children ?? []).map((t) => (t.type === 'text' || t.type === 'code_inline' ? t.content : '')).join('');
}

type Env = { headings: Heading[] };

function engine(classes: MarkdownClasses): MarkdownIt {
  const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
  md.validateLink = safeLink;
  md.core.ruler.push('sms_gateway_decorate', (state) => {
    const env = state.env as Env;
    const used = new Map<string, number>();
    const decorate = (tokens: Token[]) => {
      tokens.forEach((t, i) => {
        const cls = classes[t.tag as keyof MarkdownClasses];
        if (cls && (t.nesting === 1 || t.type === 'code_inline' || t.type === 'hr')) t.attrJoin('class', cls);
        if (t.type === 'heading_open') {
          const text = textOf(tokens[i + 1]);
          const base = slugify(text);
          const n = used.get(base) ?? 0;
          used.set(base, n + 1);
          const id = n === 0 ? base : `${base}-${n}`;
          t.attrSet('id', id);
          env.headings?.push({ level: Number(t.tag.slice(1)), id, text });
        }
        if (t.children) decorate(t.children);
      });
    };
    decorate(state.tokens);
  });
  // A fence's class goes on its <pre> (markdown-it puts the language's class on <code>).
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const html = fence(tokens, idx, options, env, self);
    return classes.pre ? html.replace(/^<pre(?=[ >])/, `<pre class="${md.utils.escapeHtml(classes.pre)}"`) : html;
  };
  if (classes.tableWrap) {
    const wrap = md.utils.escapeHtml(classes.tableWrap);
    md.renderer.rules.table_open = (tokens, idx, options, _env, self) => `<div class="${wrap}">` + self.renderToken(tokens, idx, options);
    md.renderer.rules.table_close = (tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options) + '</div>\n';
  }
  return md;
}

const engines = new Map<string, MarkdownIt>();
function cached(classes: MarkdownClasses): MarkdownIt {
  const key = JSON.stringify(classes);
  let md = engines.get(key);
  if (!md) engines.set(key, (md = engine(classes)));
  return md;
}

export function renderMarkdown(source: string, classes: MarkdownClasses = {}): Rendered {
  const env: Env = { headings: [] };
  const html = cached(classes).render(source, env);
  return { html, headings: env.headings };
}

/** One line of inline Markdown (code, emphasis, links), without a paragraph around it. */
export function renderInline(text: string, classes: MarkdownClasses = {}): string {
  return cached(classes).renderInline(text, { headings: [] });
}
