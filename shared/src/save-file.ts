/**
 * Hands a file made in the page to the browser as a download, through a temporary link: nothing is
 * sent anywhere. The address is let go a minute later (a browser may still be reading it).
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
