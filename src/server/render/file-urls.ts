/**
 * The folders that hold files only (vendors' uploads, the catalogue's and the site's images, the
 * build's hashed assets): a name there that is not a file is a 404, never the app's page, so a
 * broken image shows its placeholder and no cache keeps an HTML page as an image or a script.
 */
const FILE_FOLDERS = ['/media/', '/catalog/', '/images/', '/assets/'] as const;

/** Whether the URL names a file in one of the folders above (its query aside). */
export function isFileUrl(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? url;
  return FILE_FOLDERS.some((folder) => pathname.startsWith(folder));
}
