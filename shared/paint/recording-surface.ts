// A surface that draws nothing and keeps what was asked of it: the words written, and how many
// times each painting call was made. For tests of what the painter draws, and for measuring how
// much drawing a map takes without any output.
import type { Surface, SurfaceFont } from './surface.js';

export class RecordingSurface implements Surface<SurfaceFont> {
  readonly words: string[] = [];
  readonly calls = new Map<string, number>();
  /** The layers started, in order. */
  readonly layers: string[] = [];
  private count(name: string): this {
    this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
    return this;
  }
  save = () => this.count('save');
  restore = () => this.count('restore');
  transform = () => this.count('transform');
  fillStyle = () => this.count('fillStyle');
  strokeStyle = () => this.count('strokeStyle');
  lineStyle = () => this.count('lineStyle');
  roundJoins = () => this.count('roundJoins');
  buttCaps = () => this.count('buttCaps');
  moveTo = () => this.count('moveTo');
  lineTo = () => this.count('lineTo');
  bezierCurveTo = () => this.count('bezierCurveTo');
  closePath = () => this.count('closePath');
  path = () => this.count('path');
  segment = () => this.count('segment');
  circle = () => this.count('circle');
  ellipse = () => this.count('ellipse');
  rect = () => this.count('rect');
  fill = () => this.count('fill');
  stroke = () => this.count('stroke');
  fillAndStroke = () => this.count('fillAndStroke');
  clip = () => this.count('clip');
  clipRect = () => this.count('clipRect');
  clipPolygon = () => this.count('clipPolygon');
  text = (_f: SurfaceFont, _s: number, _x: number, _y: number, text: string) => (this.words.push(text), this.count('text'));
  haloText = (_f: SurfaceFont, _s: number, _x: number, _y: number, text: string) => (this.words.push(text), this.count('haloText'));
  layer = (name: string) => (this.layers.push(name), this.count('layer'));
}
