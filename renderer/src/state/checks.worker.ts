// Runs the scenario checks off the page's thread. On a 1000×1000 map they take about half a
// second (the victory-cell reach search, schema validation, every side's checks), which on
// the page would freeze the map shortly after every brush stroke.
import { checkScenario } from '../../../shared/scenario/index.js';
import { serveNewest } from '../lib/newest-worker.js';

serveNewest(checkScenario);
