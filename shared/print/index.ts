// Print layout maths (options, units, tiling, the page layout) and the drawing of the map and
// page furniture on a PrintSurface: the PDF writer and the print dialog's preview share both.
export * from './units.js';
export * from './options.js';
export * from './scale.js';
export * from './labels.js';
export * from './tiling.js';
export * from './layout.js';
export * from './surface.js';
export * from './map-draw.js';
export * from './furniture.js';
