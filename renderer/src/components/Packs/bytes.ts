// What the pack dialogs say about pack files (moving bytes and downloads: ui/download.ts).

export const isPackFile = (name: string): boolean => /\.gfpack$/i.test(name);

/** "12.3 kB" */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
