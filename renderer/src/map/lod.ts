// Level-of-detail thresholds, in screen pixels across one cell. Below BITMAP a cell is a
// block of pixels; details appear as they become legible.
export const LOD = {
  /** Below this, terrain is drawn as a scaled bitmap instead of vector cells. */
  bitmap: 6,
  gridLines: 12,
  markers: 14,
  names: 26,
  coordinates: 52,
} as const;

export interface DetailLevel {
  bitmap: boolean;
  gridLines: boolean;
  markers: boolean;
  names: boolean;
  coordinates: boolean;
}

export function detailFor(cellScreenPx: number): DetailLevel {
  return {
    bitmap: cellScreenPx < LOD.bitmap,
    gridLines: cellScreenPx >= LOD.gridLines,
    markers: cellScreenPx >= LOD.markers,
    names: cellScreenPx >= LOD.names,
    coordinates: cellScreenPx >= LOD.coordinates,
  };
}

/** A key that changes only when the drawn content would change, so caches survive small zooms. */
export function detailKey(d: DetailLevel): string {
  return `${+d.bitmap}${+d.gridLines}${+d.markers}${+d.names}${+d.coordinates}`;
}
