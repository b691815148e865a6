/** Small typed DOM helpers. Every value is written as text (textContent, attributes), never as HTML. */

type ElementClass<T extends Element> = { new (): T; prototype: T };

/** The element with this id, checked to be of the expected class; throws when the page lacks it. */
export function byId<T extends HTMLElement = HTMLElement>(id: string, type?: ElementClass<T>): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`#${id} is missing from the page`);
  if (type && !(node instanceof type)) throw new Error(`#${id} is not a ${type.name}`);
  return node as T;
}

/** Like byId, for an element only some states of the page have. */
export function maybeById<T extends HTMLElement = HTMLElement>(id: string, type?: ElementClass<T>): T | null {
  const node = document.getElementById(id);
  return node && (!type || node instanceof type) ? (node as T) : null;
}

export function queryAll<T extends Element = HTMLElement>(selector: string, root: ParentNode = document): T[] {
  return Array.from(root.querySelectorAll<T & Element>(selector)) as T[];
}

export function show(node: HTMLElement | null | undefined, on: boolean): void {
  if (node) node.hidden = !on;
}

export function setText(node: Node | null | undefined, value: unknown): void {
  if (node) node.textContent = value == null ? "" : String(value);
}

export type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined>;

/**
 * A new element: `text` sets textContent, `class` the class name, `true` an empty attribute,
 * null/undefined/false leaves it out.
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, children: Child[] = []): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.className = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child == null || child === false) continue;
    parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
