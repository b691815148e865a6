/**
 * Hands `blob` to the browser as a file called `name` (a report's CSV, a customer's data). The
 * object URL is released after `releaseAfterMs`: at once for a small file, later for a large one
 * the browser may still be reading when the click returns.
 */
export function saveFile(blob: Blob, name: string, releaseAfterMs = 0): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), releaseAfterMs);
}
