// The tabletop kit's channel (service: electron/print/kit-handlers.ts): the renderer sends the
// scenario and the kit options; the host lays the kit out and writes its PDF, saved through the
// native dialog in Electron or sent back as bytes to download in the browser.
import { returns, v } from '../check.js';
import { defineChannels } from '../channel.js';
import type { KitOptionsInput } from '../../kit/options.js';
import type { PrintFileResult } from './print.js';

export const kitChannels = defineChannels({
  'kit.pdf': {
    doc: 'Writes the tabletop kit PDF (counter and marker sheets with mirrored backs, tracks, play aids, order of battle) for a scenario.',
    request: v.object(
      {
        scenario: v.jsonObject(),
        // Checked field by field by resolveKitOptions, which names each bad option.
        options: v.jsonObject<KitOptionsInput>(),
      },
      { fileStem: v.string({ maxLength: 120, pattern: /^[A-Za-z0-9 ._()-]+$/, patternHint: 'letters, digits, spaces, . _ ( ) -' }) },
    ),
    response: returns<PrintFileResult>(),
  },
  'kit.png': {
    doc: 'Renders every page of the tabletop kit as PNG at a resolution, in one zip (one picture per page, numbered in print order).',
    request: v.object(
      {
        scenario: v.jsonObject(),
        options: v.jsonObject<KitOptionsInput>(),
        dpi: v.number({ integer: true, min: 50, max: 600 }),
      },
      { fileStem: v.string({ maxLength: 120, pattern: /^[A-Za-z0-9 ._()-]+$/, patternHint: 'letters, digits, spaces, . _ ( ) -' }) },
    ),
    response: returns<PrintFileResult>(),
  },
});
