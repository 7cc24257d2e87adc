import type { Figure } from './api-types.js';
import { append } from './element.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attributes: Readonly<Record<string, string | number>>, ...children: Array<Node | string>) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return append(node, children);
}

/** Polylines through the defined values, broken where a reply has no figure (no trace, no usage). */
function polylines(
  values: ReadonlyArray<number | null | undefined>,
  x: (index: number) => number,
  y: (value: number) => number,
  className: string,
  testId: string,
): SVGElement[] {
  const lines: SVGElement[] = [];
  let points: string[] = [];
  const flush = () => {
    if (points.length > 0) {
      lines.push(svg('polyline', { class: className, points: points.join(' '), 'data-testid': testId }));
    }
    points = [];
  };
  values.forEach((value, index) => {
    if (typeof value === 'number') points.push(`${x(index).toFixed(1)},${y(value).toFixed(1)}`);
    else flush();
  });
  flush();
  return lines;
}

/**
 * Memory's share of the prompt and the share read from the prompt cache, per reply, as two SVG polylines drawn by
 * hand (a session of thousands of replies is two elements, not thousands).
 */
export function chart(figures: readonly Figure[]): SVGElement {
  const width = 800;
  const height = 180;
  const left = 36;
  const right = 8;
  const top = 8;
  const bottom = 22;
  const span = Math.max(figures.length - 1, 1);
  const x = (index: number) => left + (width - left - right) * (figures.length === 1 ? 0.5 : index / span);
  const y = (value: number) => top + (height - top - bottom) * (1 - Math.min(Math.max(value, 0), 1));
  const grid = [0, 0.5, 1].flatMap((value) => [
    svg('line', { class: 'grid', x1: left, x2: width - right, y1: y(value), y2: y(value) }),
    svg('text', { x: 2, y: y(value) + 4 }, `${Math.round(value * 100)}%`),
  ]);
  const memory = figures.map((figure) => figure.memoryShare);
  const cache = figures.map((figure) => figure.cache.readShare);
  const single = (values: ReadonlyArray<number | null>, className: string) => {
    const value = values[0];
    return figures.length === 1 && typeof value === 'number'
      ? [svg('circle', { class: className, cx: x(0), cy: y(value), r: 3 })]
      : [];
  };
  return svg(
    'svg',
    {
      class: 'chart',
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': 'memory share and cache-read share per reply',
      'data-testid': 'chart',
      'data-replies': figures.length,
    },
    svg('title', {}, `Memory share and cache-read share over ${figures.length} replies`),
    ...grid,
    svg('text', { x: left, y: height - 6 }, 'reply 1'),
    svg('text', { x: width - right - 70, y: height - 6 }, `reply ${figures.length}`),
    ...polylines(memory, x, y, 'memory', 'chart-memory'),
    ...polylines(cache, x, y, 'cache', 'chart-cache'),
    ...single(memory, 'memory'),
    ...single(cache, 'cache'),
  );
}
