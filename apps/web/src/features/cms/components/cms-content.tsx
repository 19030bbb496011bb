import { createElement, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Renders CMS HTML safely: the markup is parsed by the browser into an inert document (nothing in
 * it runs), then only an allow-list of text elements becomes React elements, with our own classes
 * and no attributes from the content except a checked link target. Anything else keeps only its
 * text; scripts, styles, frames and forms vanish with their content.
 */
const BLOCKS: Record<string, string> = {
  h2: 'mt-8 mb-3 font-display text-xl font-extrabold tracking-wide text-ink first:mt-0',
  h3: 'mt-6 mb-2 text-lg font-bold text-ink',
  p: 'mb-4 leading-relaxed text-ink-muted',
  ul: 'mb-4 list-disc space-y-1.5 pl-6 text-ink-muted marker:text-gold-400',
  ol: 'mb-4 list-decimal space-y-1.5 pl-6 text-ink-muted marker:text-gold-400',
  li: 'leading-relaxed',
  strong: 'font-semibold text-ink',
  b: 'font-semibold text-ink',
  em: 'italic',
  i: 'italic',
  br: '',
};

const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'template',
  'noscript',
  'svg',
  'math',
]);

const linkClass = 'font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-400';

function safeHref(raw: string | null): { internal: boolean; href: string } | null {
  if (!raw) return null;
  const href = raw.trim();
  if (/^\/(?!\/)/.test(href)) return { internal: true, href };
  if (/^(https?:|mailto:)/i.test(href)) return { internal: false, href };
  return null;
}

function renderNode(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...element.childNodes].map(renderNode);
  if (tag === 'a') {
    const target = safeHref(element.getAttribute('href'));
    if (!target) return <span key={key}>{children}</span>;
    if (target.internal) {
      return (
        <Link key={key} to={target.href} className={linkClass}>
          {children}
        </Link>
      );
    }
    return (
      <a key={key} href={target.href} className={linkClass} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  const className = BLOCKS[tag];
  if (className === undefined) return <span key={key}>{children}</span>;
  if (tag === 'br') return <br key={key} />;
  return createElement(tag, { key, className }, ...children);
}

export function CmsContent({ html }: { html: string }) {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return <div>{[...document.body.childNodes].map(renderNode)}</div>;
}
