// The print service: PDF writing and raster export, plain Node (no Electron import), bound
// to IPC / HTTP by the hosts. Layout maths live in shared/print.
export { renderPdf, renderLayoutPdf, type PrintProgress, type ProgressListener } from './pdf.js';
export { pdfToPngs, renderPageGrey, parsePgm, type GreyImage } from './raster.js';
