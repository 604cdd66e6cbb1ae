// Print layout maths: options, units, tiling and the page layout the PDF writer and the
// print dialog preview share.
export * from './units.js';
export * from './options.js';
export * from './scale.js';
export * from './labels.js';
export * from './tiling.js';
export * from './layout.js';
