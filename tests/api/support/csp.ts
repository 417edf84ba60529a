import { createHash } from 'node:crypto';

/**
 * A page's inline scripts judged the way a browser applies a Content-Security-Policy header (CSP Level 3,
 * "Does a source list allow all inline behavior" and "Does element match source list for type and
 * source"): an inline `<script>` whose type the browser executes runs only when the effective
 * `script-src-elem` / `script-src` / `default-src` list allows it by `'nonce-…'`, by a `'sha256|384|512-…'`
 * hash of its text, or by `'unsafe-inline'` when that list has no nonce or hash. Inline event handler
 * attributes (`onclick=…`) need `'unsafe-inline'` (or `'unsafe-hashes'` with a hash).
 */

/** The MIME types (and "module") a browser runs as a script; data blocks (JSON, JSON-LD) are not. */
const EXECUTED = /^(|module|text\/javascript|application\/javascript|application\/ecmascript|text\/ecmascript)$/i;

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), sources);
  }
  return map;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?(?=[\\s/>])`, 'i').exec(tag);
const attrValue = (tag: string, name: string) => {
  const m = attr(tag, name);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
};

/** Descriptions of every inline script or handler in `html` that `csp` refuses (empty when all run). */
export function inlineScriptsRefused(html: string, csp: string): string[] {
  const policy = directives(csp);
  const list = policy.get('script-src-elem') ?? policy.get('script-src') ?? policy.get('default-src');
  const attrList = policy.get('script-src-attr') ?? policy.get('script-src') ?? policy.get('default-src');
  const refused: string[] = [];
  if (!list) return refused; // no policy for scripts: everything runs
  const keyed = (sources: string[]) => sources.some((s) => /^'(nonce|sha256|sha384|sha512)-/i.test(s));
  const unsafeInline = (sources: string[]) => sources.includes("'unsafe-inline'") && !keyed(sources);
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const tag = `<script${m[1]}>`;
    const body = m[2] ?? '';
    if (attrValue(tag, 'src') !== null) continue;
    if (!EXECUTED.test((attrValue(tag, 'type') ?? '').trim())) continue;
    if (unsafeInline(list)) continue;
    const nonce = attrValue(tag, 'nonce');
    if (nonce && list.includes(`'nonce-${nonce}'`)) continue;
    const hashed = ['sha256', 'sha384', 'sha512'].some((alg) =>
      list.includes(`'${alg}-${createHash(alg).update(body, 'utf8').digest('base64')}'`),
    );
    if (hashed) continue;
    refused.push(`${tag}${body.slice(0, 60)}`);
  }
  if (!attrList || !unsafeInline(attrList)) {
    for (const m of html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=[^>]*>/gi)) refused.push(`handler: ${m[0].slice(0, 80)}`);
  }
  return refused;
}

/** The text a visitor sees in the rendered app: tags dropped, entities decoded, hidden elements absent. */
export function visibleText(html: string): string {
  const start = html.indexOf('<div id="root">');
  const root = start < 0 ? '' : html.slice(start);
  return root
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}
