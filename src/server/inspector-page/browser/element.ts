/** What may be put in an element: nodes, text (numbers as text), nested lists; null, undefined and false are skipped. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** An attribute's value (true: present and empty; null, undefined, false: absent), or a listener for an on* name. */
export type Attributes = Readonly<
  Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>
>;

/** Appends children as nodes, text always as text nodes: a stored `<img onerror>` stays text. */
export function append<T extends ParentNode>(node: T, children: Child | readonly Child[]): T {
  if (children === null || children === undefined || children === false) return node;
  if (Array.isArray(children)) {
    for (const child of children as readonly Child[]) append(node, child);
    return node;
  }
  const child = children as Node | string | number;
  node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

/**
 * An element: attributes from code (never from data), listeners for on* names, children as nodes or text. The one
 * way the page builds markup: it has no HTML sink (`innerHTML` and the like), which a unit test checks in the bundle.
 */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes?: Attributes | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  return append(node, children);
}
