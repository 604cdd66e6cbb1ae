// A layer drawn at an opacity below 1 (the Layers panel's opacity): the same surface, with every
// colour and image the painter sets while drawing that layer made that much more transparent.
// Where one layer's own strokes cross they add up (a surface without groups cannot composite a
// layer first), so the painter keeps a translucent layer's strokes from overlapping where it can
// (terrain fills drop their seam hairlines).
import type { Surface, SurfaceFont } from './surface.js';

export function translucent<F extends SurfaceFont>(s: Surface<F>, alpha: number | undefined): Surface<F> {
  if (alpha === undefined || alpha >= 1) return s;
  const a = Math.max(0, alpha);
  const proxy: Surface<F> = new Proxy(s, {
    get(target, key) {
      if (key === 'fillStyle') return (...args: Parameters<Surface<F>['fillStyle']>) => (target.fillStyle(args[0], (args[1] ?? 1) * a), proxy);
      if (key === 'strokeStyle') {
        return (...args: Parameters<Surface<F>['strokeStyle']>) => (target.strokeStyle(args[0], args[1], args[2] ?? [], (args[3] ?? 1) * a), proxy);
      }
      if (key === 'image') {
        const image = target.image;
        return image ? (...args: Parameters<NonNullable<Surface<F>['image']>>) => (image.call(target, args[0], args[1], (args[2] ?? 1) * a), proxy) : undefined;
      }
      // A kept bitmap would not take the layer's opacity: the painter draws in place instead.
      if (key === 'stamp') return undefined;
      const v: unknown = Reflect.get(target, key, target);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        const r: unknown = (v as (...x: unknown[]) => unknown).apply(target, args);
        return r === target ? proxy : r;
      };
    },
  });
  return proxy;
}
