/**
 * The title's symbol pictures: vector art sent by the game server with the game info (never an
 * emoji for the system font to draw). Each picture is put once into a hidden sprite as a
 * <symbol>; every cell, prize and paytable row then shows it with a tiny <use>.
 */
const SVG_NS = 'http://www.w3.org/2000/svg';

export function installSymbols(symbols: Readonly<Record<string, { svg: string }>>): void {
  const sprite = document.createElementNS(SVG_NS, 'svg');
  sprite.setAttribute('aria-hidden', 'true');
  sprite.setAttribute('class', 'symbol-sprite');
  const parser = new DOMParser();
  for (const [id, { svg }] of Object.entries(symbols)) {
    const source = parser.parseFromString(svg, 'image/svg+xml').documentElement;
    if (source.namespaceURI !== SVG_NS || source.localName !== 'svg') continue;
    const symbol = document.createElementNS(SVG_NS, 'symbol');
    symbol.id = `sym-${id}`;
    symbol.setAttribute('viewBox', source.getAttribute('viewBox') ?? '0 0 36 36');
    symbol.append(...Array.from(source.childNodes, (node) => document.importNode(node, true)));
    sprite.append(symbol);
  }
  document.getElementById('symbol-sprite')?.remove();
  sprite.id = 'symbol-sprite';
  document.body.prepend(sprite);
}

/** The picture of one symbol, sized by CSS (.glyph). */
export function symbolIcon(id: string | undefined): SVGSVGElement {
  const icon = document.createElementNS(SVG_NS, 'svg');
  icon.setAttribute('class', 'glyph');
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('viewBox', '0 0 36 36');
  if (id) {
    const use = document.createElementNS(SVG_NS, 'use');
    use.setAttribute('href', `#sym-${id}`);
    icon.append(use);
  }
  return icon;
}
