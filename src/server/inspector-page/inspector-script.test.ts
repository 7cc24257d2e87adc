import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { INSPECTOR_HTML } from './inspector-html.js';
import { INSPECTOR_SCRIPT } from './inspector-script.js';

describe('the inspector page assets', () => {
  it('is a script that parses, with every view registered before it starts', () => {
    expect(() => new Script(INSPECTOR_SCRIPT, { filename: 'app.js' })).not.toThrow();
    for (const view of ['/sessions', '/session', '/facts', '/jobs']) {
      expect(INSPECTOR_SCRIPT.indexOf(`views['${view}'] =`)).toBeLessThan(INSPECTOR_SCRIPT.lastIndexOf('start();'));
    }
  });

  it('never parses text as markup: no innerHTML and no other HTML sink', () => {
    expect(INSPECTOR_SCRIPT).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/,
    );
  });

  it('holds no inline script or style, which the page policy forbids', () => {
    expect(INSPECTOR_HTML).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/i);
    expect(INSPECTOR_HTML).toContain('<script src="app.js"></script>');
  });
});
