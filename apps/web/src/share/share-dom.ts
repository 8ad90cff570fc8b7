/** An element with attributes and children: the share page's whole DOM toolkit. */
export function el(
  tag: string,
  attributes: Record<string, string> = {},
  ...children: (Node | string | null)[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child !== null) element.append(child);
  return element;
}
