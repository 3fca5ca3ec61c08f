import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The icons' file is kept a year by browsers (scripts/server.mjs), so its name must change with its
// content; the stylesheet names each view it draws. (The web app's PNG icons live beside it.)
const root = path.resolve(__dirname, '..', '..');
const files = readdirSync(path.join(root, 'public', 'icons')).filter((file) => file.endsWith('.svg'));

describe('icons', () => {
  test('one file, named after the hash of its content', () => {
    expect(files).toHaveLength(1);
    const content = readFileSync(path.join(root, 'public', 'icons', files[0]!));
    const hash = createHash('sha256').update(content).digest('hex').slice(0, 8);
    expect(files[0]).toBe(`icons-${hash}.svg`);
  });

  test('every view the stylesheet draws is in the file', () => {
    const css = readFileSync(path.join(root, 'app', 'globals.css'), 'utf8');
    const svg = readFileSync(path.join(root, 'public', 'icons', files[0]!), 'utf8');
    const used = [...css.matchAll(/url\('\/icons\/([^'#]+)#([^']+)'\)/g)];
    expect(used.length).toBeGreaterThan(10);
    for (const [, file, view] of used) {
      expect(file).toBe(files[0]);
      expect(svg).toContain(`<view id="${view}"`);
    }
  });
});
