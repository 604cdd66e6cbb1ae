// The print service: PDF writing and raster export, plain Node (no Electron import), bound
// to IPC / HTTP by the hosts. Layout maths live in shared/print.
export { renderPdf, renderLayoutPdf, type PrintProgress, type ProgressListener } from './pdf.js';
export { exportImageFile, imageJob, printPageJob, printPagesPng, rasterize, rasterToBytes, rasterToFile, type RasterJob, type RasterResult } from './raster.js';
