/** A `data-*` attribute of <body> (the server writes the page's parameters there; no inline script). */
export function bodyData(name: string): string {
  return document.body.getAttribute(`data-${name}`) ?? "";
}
