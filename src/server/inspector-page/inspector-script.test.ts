import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { INSPECTOR_HTML } from './inspector-html.js';
import { inspectorScript } from './inspector-script.js';

describe('the inspector page assets', () => {
  it('is one bundled script that parses, starting the router with every view', () => {
    const script = inspectorScript();
    expect(() => new Script(script, { filename: 'app.js' })).not.toThrow();
    // Bundled from the modules: no import is left for the browser to fetch (the page policy allows no other file).
    expect(script).not.toMatch(/^\s*(import|export)\s/m);
    const started = script.slice(script.lastIndexOf('start({'));
    for (const view of ['/sessions', '/session', '/facts', '/jobs']) expect(started).toContain(`"${view}":`);
  });

  it('never parses text as markup: no innerHTML, no other HTML sink, no eval', () => {
    expect(inspectorScript()).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|setTimeout\(\s*['"`]/,
    );
  });

  it('holds no inline script or style, which the page policy forbids', () => {
    expect(INSPECTOR_HTML).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/i);
    expect(INSPECTOR_HTML).toContain('<script src="app.js"></script>');
  });
});
