// Placing the underlay (map.underlay) on the map: from image pixels to cells and back, its
// first placement (fitted over the map), and two-point calibration: the designer clicks a
// point they recognise on the picture and the cell it belongs to, twice, and the similarity
// transform (scale, rotation, position) through both pairs places the picture.
import type { Point } from '../grid/index.js';
import type { Underlay } from '../format/scenario.types.js';
import { EditError } from './types.js';

export type Placement = Pick<Underlay, 'x' | 'y' | 'scale'> & { rotation: number };

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Where image pixel `p` lies on the map, in cells. */
export function imageToMap(u: Pick<Underlay, 'x' | 'y' | 'scale' | 'rotation'>, p: Point): Point {
  const a = rad(u.rotation ?? 0);
  const x = p.x * u.scale;
  const y = p.y * u.scale;
  return { x: u.x + x * Math.cos(a) - y * Math.sin(a), y: u.y + x * Math.sin(a) + y * Math.cos(a) };
}

/** Which image pixel lies at map point `m` (cells). */
export function mapToImage(u: Pick<Underlay, 'x' | 'y' | 'scale' | 'rotation'>, m: Point): Point {
  const a = rad(u.rotation ?? 0);
  const dx = m.x - u.x;
  const dy = m.y - u.y;
  return { x: (dx * Math.cos(a) + dy * Math.sin(a)) / u.scale, y: (-dx * Math.sin(a) + dy * Math.cos(a)) / u.scale };
}

/** The picture fitted over the map's bounding box (cells), centred, upright. */
export function fitOverMap(width: number, height: number, map: { width: number; height: number }): Placement {
  const scale = Math.min(map.width / width, map.height / height);
  return { x: (map.width - width * scale) / 2, y: (map.height - height * scale) / 2, scale, rotation: 0 };
}

/**
 * The placement that puts image pixels `image[0]`, `image[1]` on map points `map[0]`,
 * `map[1]` (cells): a uniform scale, a rotation and a shift, as a scan needs. Throws an
 * EditError when the two points are too close to tell scale and direction apart.
 */
export function calibrate(image: readonly [Point, Point], map: readonly [Point, Point]): Placement {
  const di = { x: image[1].x - image[0].x, y: image[1].y - image[0].y };
  const dm = { x: map[1].x - map[0].x, y: map[1].y - map[0].y };
  const li = Math.hypot(di.x, di.y);
  const lm = Math.hypot(dm.x, dm.y);
  if (li < 4) throw new EditError('the two points on the picture are too close together: pick two far apart');
  if (lm < 0.5) throw new EditError('the two points on the map are the same: pick two cells far apart');
  const scale = lm / li;
  let rotation = ((Math.atan2(dm.y, dm.x) - Math.atan2(di.y, di.x)) * 180) / Math.PI;
  rotation = ((((rotation + 180) % 360) + 360) % 360) - 180;
  const a = rad(rotation);
  const x0 = image[0].x * scale;
  const y0 = image[0].y * scale;
  return { x: map[0].x - (x0 * Math.cos(a) - y0 * Math.sin(a)), y: map[0].y - (x0 * Math.sin(a) + y0 * Math.cos(a)), scale, rotation };
}
