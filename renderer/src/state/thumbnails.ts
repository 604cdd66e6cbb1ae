// The picture the library shows of a scenario: its mini-map drawn into a PNG and stored with
// it. Drawn whenever the stored map changes (a save, a restored revision), since the library
// service drops a thumbnail of another map and never draws (the main process never renders).
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { host } from '../host/index.js';
import { buildMapModel } from '../map/model.js';
import { drawThumbnail } from '../map/thumbnail.js';

const THUMBNAIL = { width: 440, height: 280 };

/** Draws the mini-map into a canvas and stores it as the scenario's PNG thumbnail; returns its data URL. */
export async function storeThumbnail(id: string, scenario: Scenario): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = THUMBNAIL.width;
  canvas.height = THUMBNAIL.height;
  drawThumbnail(canvas, buildMapModel(scenario), 2);
  const url = canvas.toDataURL('image/png');
  await host.library.setThumbnail({ id, pngBase64: url.replace(/^data:image\/png;base64,/, '') });
  return url;
}
