/** An element of the page's document by its id, of the type the page's HTML gives it; a missing one is a bug. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return node;
}
