// Long-range artillery fire that drifts off target (The Portable Wargame: "from three squares it
// may drift"), shown on the board as it happens: the rules' fire events carry where each shot came
// from, the cell it was aimed at and where it landed (GameEvent.shot); a shot that landed elsewhere
// is drawn as a shell marker leaving the aimed cell and travelling to the cell it lands on, with a
// burst there, on a canvas of its own over the board. Under prefers-reduced-motion nothing travels:
// the aimed cell, an arrow and the burst where it landed are shown still, then fade.
import type { GameEvent } from '../../../../shared/rules/index.js';

export interface DriftShot {
  from: string;
  target: string;
  /** Where it landed; null: off the map. */
  landed: string | null;
}

interface Point {
  x: number;
  y: number;
}

/** What the animation needs of the board: where a cell's centre is now (container pixels) and how big a cell is on screen. */
export interface DriftBoard {
  centre(ref: string): Point | null;
  cellPx(): number;
}

/** The shots among `events` that landed somewhere other than where they were aimed. */
export function driftingShots(events: readonly GameEvent[]): DriftShot[] {
  const out: DriftShot[] = [];
  for (const e of events) if (e.kind === 'fire' && e.shot && e.shot.landed !== e.shot.target) out.push({ ...e.shot });
  return out;
}

/** How long the shell travels, stays after landing, and fades (ms). */
export const DRIFT_TIMING = { travel: 900, hold: 2200, fade: 500 } as const;

const ease = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Plays drift animations on `canvas`, which lies over the board. `follow` is given the game's
 * events each time they change and starts an animation for the shots new since the last call
 * (a new game, an undo or a load resets what counts as new without animating).
 */
export class DriftAnimator {
  private frame = 0;
  private started = 0;
  private shots: DriftShot[] = [];
  private reduced = false;
  private seen = 0;
  private source: unknown = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly board: DriftBoard,
    private readonly prefersReducedMotion: () => boolean = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
  ) {}

  /** Animates the drifting shots among `events` that came after the previous call for the same `source` (the game). */
  follow(source: unknown, events: readonly GameEvent[]): void {
    const fresh = source === this.source && events.length > this.seen ? events.slice(this.seen) : [];
    this.source = source;
    this.seen = events.length;
    const shots = driftingShots(fresh);
    if (shots.length > 0) this.play(shots);
  }

  play(shots: DriftShot[]): void {
    this.stop();
    this.shots = shots;
    this.reduced = this.prefersReducedMotion();
    this.started = performance.now();
    this.canvas.dataset.drift = shots.map((s) => `${s.target}>${s.landed ?? 'off'}`).join(' ');
    this.canvas.dataset.reduced = String(this.reduced);
    const tick = () => {
      const t = performance.now() - this.started;
      const total = (this.reduced ? 0 : DRIFT_TIMING.travel) + DRIFT_TIMING.hold + DRIFT_TIMING.fade;
      if (t >= total) return this.stop();
      this.draw(t);
      this.frame = requestAnimationFrame(tick);
    };
    this.draw(0);
    this.frame = requestAnimationFrame(tick);
  }

  stop(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.shots = [];
    delete this.canvas.dataset.phase;
    const ctx = this.canvas.getContext('2d');
    ctx?.clearRect(0, 0, this.canvas.width, this.canvas.height);
  }

  private draw(t: number): void {
    const c = this.canvas;
    const ratio = window.devicePixelRatio || 1;
    const w = c.clientWidth;
    const h = c.clientHeight;
    if (c.width !== Math.round(w * ratio) || c.height !== Math.round(h * ratio)) {
      c.width = Math.round(w * ratio);
      c.height = Math.round(h * ratio);
    }
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const travel = this.reduced ? 0 : DRIFT_TIMING.travel;
    const moving = t < travel;
    c.dataset.phase = moving ? 'travel' : 'landed';
    const k = moving ? ease(t / travel) : 1;
    const fade = Math.max(0, Math.min(1, (t - travel - DRIFT_TIMING.hold) / DRIFT_TIMING.fade));
    ctx.globalAlpha = 1 - fade;
    const cell = Math.max(8, this.board.cellPx());
    for (const s of this.shots) {
      const gun = this.board.centre(s.from);
      const aim = this.board.centre(s.target);
      if (!aim) continue;
      const land = s.landed ? this.board.centre(s.landed) : null;
      // The line of fire to the aimed cell, faint, and a cross-hair where it was aimed.
      if (gun) {
        ctx.save();
        ctx.strokeStyle = 'rgba(127, 29, 29, 0.55)';
        ctx.lineWidth = 1.5;
        ctx.setLineDash([5, 5]);
        ctx.beginPath();
        ctx.moveTo(gun.x, gun.y);
        ctx.lineTo(aim.x, aim.y);
        ctx.stroke();
        ctx.restore();
      }
      crosshair(ctx, aim, cell * 0.28);
      if (!land) {
        // Off the battlefield: the shell leaves the aimed cell and is gone.
        label(ctx, aim, cell, 'off the battlefield');
        continue;
      }
      // The path from the aimed cell to where it lands, then the shell on it, lifted on a low arc.
      arrow(ctx, aim, land, k, cell);
      const lift = moving ? Math.sin(Math.PI * k) * cell * 0.35 : 0;
      const at = { x: aim.x + (land.x - aim.x) * k, y: aim.y + (land.y - aim.y) * k - lift };
      if (!moving) burst(ctx, land, cell, Math.min(1, (t - travel) / 300));
      shell(ctx, at, cell * 0.13);
    }
    ctx.globalAlpha = 1;
  }
}

function crosshair(ctx: CanvasRenderingContext2D, p: Point, r: number): void {
  ctx.save();
  ctx.strokeStyle = '#7f1d1d';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.moveTo(p.x - r * 1.4, p.y);
  ctx.lineTo(p.x - r * 0.5, p.y);
  ctx.moveTo(p.x + r * 0.5, p.y);
  ctx.lineTo(p.x + r * 1.4, p.y);
  ctx.moveTo(p.x, p.y - r * 1.4);
  ctx.lineTo(p.x, p.y - r * 0.5);
  ctx.moveTo(p.x, p.y + r * 0.5);
  ctx.lineTo(p.x, p.y + r * 1.4);
  ctx.stroke();
  ctx.restore();
}

function arrow(ctx: CanvasRenderingContext2D, a: Point, b: Point, k: number, cell: number): void {
  const x = a.x + (b.x - a.x) * k;
  const y = a.y + (b.y - a.y) * k;
  ctx.save();
  ctx.strokeStyle = '#c2410c';
  ctx.fillStyle = '#c2410c';
  ctx.lineWidth = 2.5;
  ctx.setLineDash([6, 4]);
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(x, y);
  ctx.stroke();
  if (k >= 1) {
    const ang = Math.atan2(b.y - a.y, b.x - a.x);
    const head = Math.max(7, cell * 0.16);
    const tip = { x: b.x - Math.cos(ang) * cell * 0.3, y: b.y - Math.sin(ang) * cell * 0.3 };
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(tip.x, tip.y);
    ctx.lineTo(tip.x - Math.cos(ang - 0.45) * head, tip.y - Math.sin(ang - 0.45) * head);
    ctx.lineTo(tip.x - Math.cos(ang + 0.45) * head, tip.y - Math.sin(ang + 0.45) * head);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

function shell(ctx: CanvasRenderingContext2D, p: Point, r: number): void {
  ctx.save();
  ctx.fillStyle = '#1f2937';
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(p.x, p.y, Math.max(4, r), 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

function burst(ctx: CanvasRenderingContext2D, p: Point, cell: number, grow: number): void {
  const r = cell * (0.2 + 0.22 * grow);
  ctx.save();
  ctx.fillStyle = 'rgba(234, 88, 12, 0.28)';
  ctx.strokeStyle = '#ea580c';
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    const rr = i % 2 === 0 ? r : r * 0.62;
    const x = p.x + Math.cos(a) * rr;
    const y = p.y + Math.sin(a) * rr;
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

function label(ctx: CanvasRenderingContext2D, p: Point, cell: number, text: string): void {
  ctx.save();
  ctx.font = `600 ${Math.max(11, Math.round(cell * 0.16))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.fillStyle = '#7f1d1d';
  ctx.fillText(text, p.x, p.y - cell * 0.45);
  ctx.restore();
}
