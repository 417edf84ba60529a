import MarkdownIt from 'markdown-it';

// HTML in the source is escaped (html: false) and links keep to markdown-it's safe schemes (no
// javascript:, vbscript:, data: other than images): the same settings as the server's policy pages.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

type Props = { source: string; className?: string; inline?: boolean; lang?: string };

/**
 * Markdown written by staff (a lesson's body, a question and its options), rendered safely: the only HTML
 * on the page is markdown-it's own output, never the source's. `inline` renders one line (an option).
 */
export function MarkdownText({ source, className, inline = false, lang }: Props) {
  const html = inline ? markdown.renderInline(source) : markdown.render(source);
  if (inline) return <span className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
