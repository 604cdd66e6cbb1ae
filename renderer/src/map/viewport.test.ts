import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitView, toMap, toScreen, Viewport, visibleRect, zoomAt } from './viewport.js';

const limits = { min: 0.001, max: 100 };
const view = fc.record({
  scale: fc.double({ min: 0.01, max: 10, noNaN: true }),
  x: fc.double({ min: -5000, max: 5000, noNaN: true }),
  y: fc.double({ min: -5000, max: 5000, noNaN: true }),
});
const point = fc.record({ x: fc.double({ min: 0, max: 2000, noNaN: true }), y: fc.double({ min: 0, max: 2000, noNaN: true }) });

describe('viewport', () => {
  it('zooming keeps the map point under the cursor where it was', () => {
    fc.assert(
      fc.property(view, point, fc.double({ min: 0.2, max: 5, noNaN: true }), (v, at, factor) => {
        const before = toMap(v, at);
        const after = toScreen(zoomAt(v, factor, at, limits), before);
        expect(after.x).toBeCloseTo(at.x, 6);
        expect(after.y).toBeCloseTo(at.y, 6);
      }),
    );
  });

  it('zoom never leaves the allowed range', () => {
    fc.assert(
      fc.property(view, point, fc.double({ min: 1e-6, max: 1e6, noNaN: true }), (v, at, factor) => {
        const s = zoomAt(v, factor, at, limits).scale;
        expect(s).toBeGreaterThanOrEqual(limits.min);
        expect(s).toBeLessThanOrEqual(limits.max);
      }),
    );
  });

  it('fit to window shows the whole map inside the margin, centred', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 100000 }),
        fc.integer({ min: 10, max: 100000 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 200, max: 3000 }),
        (bw, bh, w, h) => {
          const bounds = { x: 0, y: 0, width: bw, height: bh };
          const v = fitView(bounds, w, h, 20, limits);
          const seen = visibleRect(v, w, h);
          expect(seen.x).toBeLessThanOrEqual(bounds.x + 1e-6);
          expect(seen.y).toBeLessThanOrEqual(bounds.y + 1e-6);
          expect(seen.x + seen.width).toBeGreaterThanOrEqual(bounds.x + bounds.width - 1e-6);
          expect(seen.y + seen.height).toBeGreaterThanOrEqual(bounds.y + bounds.height - 1e-6);
          const c = toScreen(v, { x: bw / 2, y: bh / 2 });
          expect(c.x).toBeCloseTo(w / 2, 6);
          expect(c.y).toBeCloseTo(h / 2, 6);
        },
      ),
    );
  });
});

describe('Viewport controller', () => {
  const limits = { min: 0.01, max: 16 };
  const made = () => {
    const vp = new Viewport(limits, 24);
    vp.setContent({ x: 0, y: 0, width: 2000, height: 1000 });
    vp.setSize(800, 600);
    return vp;
  };

  it('fits the content on its first real size, and again on fit()', () => {
    const vp = made();
    const seen = vp.visible();
    expect(seen.x).toBeLessThanOrEqual(0);
    expect(seen.x + seen.width).toBeGreaterThanOrEqual(2000);
    // 752 px for 2000 map px across: the width decides.
    expect(vp.view.scale).toBeCloseTo((800 - 48) / 2000, 9);
    vp.panBy(300, -40);
    vp.zoomBy(3);
    vp.fit();
    expect(vp.view.scale).toBeCloseTo((800 - 48) / 2000, 9);
    expect(vp.toScreen({ x: 1000, y: 500 })).toEqual({ x: 400, y: 300 });
  });

  it('wheel-style zoom keeps the map point under the cursor fixed, within the limits', () => {
    fc.assert(
      fc.property(point, fc.double({ min: 1e-4, max: 1e4, noNaN: true }), (at, factor) => {
        const vp = made();
        const under = vp.toWorld(at);
        vp.zoomBy(factor, at);
        expect(vp.view.scale).toBeGreaterThanOrEqual(limits.min);
        expect(vp.view.scale).toBeLessThanOrEqual(limits.max);
        const back = vp.toScreen(under);
        expect(back.x).toBeCloseTo(at.x, 5);
        expect(back.y).toBeCloseTo(at.y, 5);
      }),
    );
  });

  it('transforms world to screen and back', () => {
    fc.assert(
      fc.property(view, point, (v, p) => {
        const vp = made();
        vp.setView(v);
        const q = vp.toWorld(vp.toScreen(p));
        expect(q.x).toBeCloseTo(p.x, 6);
        expect(q.y).toBeCloseTo(p.y, 6);
      }),
    );
  });

  it('tells subscribers of every change until they unsubscribe', () => {
    const vp = made();
    const seen: number[] = [];
    const off = vp.subscribe((v) => seen.push(v.x));
    vp.panBy(10, 0);
    vp.panBy(5, 0);
    off();
    vp.panBy(1, 0);
    expect(seen).toEqual([seen[0], seen[0]! + 5]);
    expect(seen).toHaveLength(2);
  });

  it('centres on a point and zooms to a cell-sized rectangle, no closer than asked', () => {
    const vp = made();
    vp.centreOn({ x: 1500, y: 250 }, 2);
    expect(vp.view.scale).toBe(2);
    expect(vp.toScreen({ x: 1500, y: 250 })).toEqual({ x: 400, y: 300 });
    vp.zoomToRect({ x: 100, y: 100, width: 100, height: 100 }, 3);
    expect(vp.view.scale).toBe(3);
    const c = vp.toScreen({ x: 150, y: 150 });
    expect(c.x).toBeCloseTo(400, 9);
    expect(c.y).toBeCloseTo(300, 9);
  });

  it('keys pan by a step, zoom about the middle and fit', () => {
    const vp = made();
    const key = (k: string) => vp.key(new KeyLike(k) as unknown as KeyboardEvent);
    const x0 = vp.view.x;
    expect(key('ArrowLeft')).toBe(true);
    expect(vp.view.x).toBe(x0 + 80);
    const middle = vp.toWorld({ x: 400, y: 300 });
    const s0 = vp.view.scale;
    key('+');
    expect(vp.view.scale).toBeCloseTo(s0 * 1.25, 9);
    expect(vp.toScreen(middle).x).toBeCloseTo(400, 6);
    key('0');
    expect(vp.view.scale).toBeCloseTo(s0, 9);
    expect(key('a')).toBe(false);
    expect(key(' ')).toBe(true);
    expect(vp.spaceDown).toBe(true);
    vp.keyUp(new KeyLike(' ') as unknown as KeyboardEvent);
    expect(vp.spaceDown).toBe(false);
  });

  it("reads the element's box once for a run of pointer events, and again when the pointer comes back in", () => {
    const vp = made();
    const el = new ElementLike({ left: 100, top: 40 });
    const detach = vp.attach(el as unknown as HTMLElement);
    const at = (x: number, y: number) => vp.local({ clientX: x, clientY: y });
    expect(at(150, 90)).toEqual({ x: 50, y: 50 });
    for (let k = 0; k < 30; k++) at(150 + k, 90);
    // One layout read for the hover and the pan, not one per event.
    expect(el.boxReads).toBe(1);
    // The pointer may come back after a change of layout (a panel opened beside the map): the box is read anew.
    el.box = { left: 20, top: 40 };
    el.dispatch('pointerenter', { clientX: 150, clientY: 90 });
    expect(at(150, 90)).toEqual({ x: 130, y: 50 });
    expect(el.boxReads).toBe(2);
    detach();
    // Detached, the controller knows no element: points stay in client px.
    expect(at(150, 90)).toEqual({ x: 150, y: 90 });
  });

  it('refuses a view that is not a number', () => {
    const vp = made();
    const before = vp.view;
    vp.setView({ scale: NaN, x: 0, y: 0 });
    vp.setView({ scale: 1, x: Infinity, y: 0 });
    expect(vp.view).toEqual(before);
  });
});

class KeyLike {
  ctrlKey = false;
  metaKey = false;
  altKey = false;
  constructor(readonly key: string) {}
}

/** Just enough of an element for the controller: listeners, and a box whose reads are counted. */
class ElementLike {
  boxReads = 0;
  private readonly listeners = new Map<string, ((e: unknown) => void)[]>();
  constructor(public box: { left: number; top: number }) {}
  getBoundingClientRect() {
    this.boxReads++;
    return { ...this.box };
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners.set(type, (this.listeners.get(type) ?? []).filter((f) => f !== fn));
  }
  dispatch(type: string, e: object) {
    for (const fn of this.listeners.get(type) ?? []) fn({ ...e, target: this, preventDefault() {} });
  }
}
