// The list lives in scripts/lib/screens.mjs, shared with the bench.
export { screens } from '../../../scripts/lib/screens.mjs';
