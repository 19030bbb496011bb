import { describe, expect, it } from 'vitest';
import { escapeXml, renderTileArt } from './tile-art.js';
import { titles, type GameTitle } from './titles.js';

const NAME = '[A-Za-z_][\\w.:-]*';
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}="[^"<]*")*)\\s*(/?)>$`);

/**
 * Minimal XML well-formedness check (enough for generated SVG): every tag is
 * syntactically valid with quoted attributes, tags nest and close properly,
 * there is one root, and '&' only starts a known entity.
 */
function wellFormedProblem(xml: string): string | null {
  const stack: string[] = [];
  let roots = 0;
  const tokens = xml.split(/(<[^>]*>)/).filter((token) => token !== '');
  for (const token of tokens) {
    if (!token.startsWith('<')) {
      if (token.includes('>') || token.replace(ENTITY, '').includes('&')) return `bad text: ${token}`;
      if (stack.length === 0 && token.trim() !== '') return 'text outside the root';
      continue;
    }
    const match = TAG.exec(token);
    if (!match) return `bad tag: ${token}`;
    const [, closing, name, attributes = '', selfClosing] = match;
    if (attributes.replace(ENTITY, '').includes('&')) return `bad attribute: ${token}`;
    const attributeNames = [...attributes.matchAll(new RegExp(`(${NAME})=`, 'g'))].map((m) => m[1]);
    if (new Set(attributeNames).size !== attributeNames.length) return `duplicate attribute: ${token}`;
    if (closing) {
      if (stack.pop() !== name) return `unbalanced </${name}>`;
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name ?? '');
    }
  }
  if (stack.length > 0) return `unclosed <${stack.join('><')}>`;
  return roots === 1 ? null : `expected one root element, found ${roots}`;
}

describe('the well-formedness checker itself', () => {
  it.each(['<svg><g></svg>', '<svg a="1" a="2"/>', '<svg>&nbsp</svg>', '<svg><b></g></svg>', '<svg/><svg/>', '<svg x=1/>'])(
    'rejects %s',
    (xml) => {
      expect(wellFormedProblem(xml)).not.toBeNull();
    },
  );

  it('accepts a valid document', () => {
    expect(wellFormedProblem('<svg a="&amp;"><g/><text>a &lt; b</text></svg>')).toBeNull();
  });
});

describe('renderTileArt', () => {
  it('returns a well-formed SVG for every title, naming it and its engine', () => {
    for (const title of titles) {
      const svg = renderTileArt(title);
      expect(wellFormedProblem(svg), title.id).toBeNull();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain(`<title>${escapeXml(title.name)}</title>`);
      expect(svg).toContain(title.kind === 'slot' ? '>SLOTS<' : '>SCRATCH<');
      expect(svg).toContain(title.palette.from);
      expect(svg).not.toMatch(/<image|href="http|@import|url\((?!#)/);
      // Symbols are drawn as vector art: no character is left for the system's emoji font.
      expect(svg, title.id).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it('escapes names that contain XML metacharacters', () => {
    const title = titles.find((t) => t.name.includes("'"));
    expect(title).toBeDefined();
    const svg = renderTileArt(title!);
    expect(svg).toContain(escapeXml(title!.name));
    expect(escapeXml(title!.name)).toContain('&apos;');

    const hostile: GameTitle = { ...titles[0]!, name: 'Cats & <Dogs> "Deluxe"' };
    const hostileSvg = renderTileArt(hostile);
    expect(wellFormedProblem(hostileSvg)).toBeNull();
    expect(hostileSvg).toContain('Cats &amp; &lt;Dogs&gt; &quot;Deluxe&quot;');
    expect(hostileSvg).not.toContain('<Dogs>');
  });

  it('is deterministic per title and different across titles', () => {
    const rendered = titles.map(renderTileArt);
    expect(titles.map(renderTileArt)).toEqual(rendered);
    expect(new Set(rendered).size).toBe(titles.length);
    // Decoration differs too, not only the name: strip text, ids and labels, then compare.
    const withoutText = rendered.map((svg) =>
      svg
        .replace(/>[^<]*</g, '><')
        .replace(/(?:bg|glow)-[a-z0-9-]+/g, '')
        .replace(/aria-label="[^"]*"/, ''),
    );
    expect(new Set(withoutText).size).toBe(titles.length);
  });
});
