import { type Attributes, element } from './element.js';

/**
 * A table that becomes a list of cards on a narrow screen: each cell keeps its column's heading (data-label), shown
 * above it there.
 */
export function dataTable(
  attributes: Attributes,
  headings: readonly string[],
  body: HTMLTableSectionElement,
): HTMLTableElement {
  const head = element(
    'thead',
    {},
    element(
      'tr',
      {},
      headings.map((title) => element('th', {}, title)),
    ),
  );
  return element('table', { class: 'cards', ...attributes }, head, body);
}

/** A row of a data table, its cells labelled with their headings. */
export function labelled(headings: readonly string[], row: HTMLTableRowElement): HTMLTableRowElement {
  Array.from(row.children).forEach((cell, index) => {
    const heading = headings[index];
    if (heading) cell.setAttribute('data-label', heading);
  });
  return row;
}
