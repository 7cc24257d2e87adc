import { buildInspector, INSPECTOR_BUNDLES } from './build-inspector.js';

/** Vitest's global setup: the inspector page's script bundled from the sources the tests run. */
export default async function setup(): Promise<void> {
  await buildInspector([INSPECTOR_BUNDLES.src]);
}
