import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fontFiles } from '@/lib/fonts';

// The typefaces served from public/fonts are the packages' own files, and the stylesheet names them.
const root = path.resolve(__dirname, '..', '..');

describe('fonts', () => {
  test.each(Object.entries(fontFiles))('%s: public%s is the package file it names', (_, { url, source }) => {
    const served = readFileSync(path.join(root, 'public', url));
    expect(served.equals(readFileSync(path.join(root, 'node_modules', source)))).toBe(true);
    const version = JSON.parse(
      readFileSync(path.join(root, 'node_modules', source.split('/files/')[0]!, 'package.json'), 'utf8'),
    ).version;
    expect(url).toContain(version);
  });

  test('the stylesheet declares each file', () => {
    const css = readFileSync(path.join(root, 'app', 'globals.css'), 'utf8');
    for (const { url } of Object.values(fontFiles)) expect(css).toContain(`url('${url}')`);
  });
});
