/** @jest-environment node */
import { inlineStylesheets, maxInlineBytes } from '@/scripts/inline-stylesheet.mjs';

const link = (name: string) =>
  `<link rel="stylesheet" href="/_next/static/chunks/${name}.css" data-precedence="next"/>`;
// What stays of the link: React finds it by its href when it hydrates, and adds no second copy.
const disabled = (name: string) =>
  `<link rel="stylesheet" href="/_next/static/chunks/${name}.css" data-precedence="next" disabled=""/>`;
const page = (head: string, body = '<h1>Colis</h1>') =>
  `<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>${head}<title>Colis</title></head><body>${body}</body></html>`;

describe('inlineStylesheets', () => {
  test("writes the head's stylesheets in, in their place, and leaves the rest as it was", () => {
    const files: Record<string, string> = {
      '/_next/static/chunks/a.css': 'h1{color:red}',
      '/_next/static/chunks/b.css': 'p{margin:0}',
    };
    const read = jest.fn((href: string) => files[href]);
    expect(inlineStylesheets(page(link('a') + link('b')), read)).toBe(
      page(
        '<style data-stylesheet="/_next/static/chunks/a.css">h1{color:red}</style>' +
          disabled('a') +
          '<style data-stylesheet="/_next/static/chunks/b.css">p{margin:0}</style>' +
          disabled('b'),
      ),
    );
    expect(read.mock.calls.map(([href]) => href)).toEqual(['/_next/static/chunks/a.css', '/_next/static/chunks/b.css']);
  });

  test('a stylesheet it cannot read, or that would close its element, stays a link', () => {
    const files: Record<string, string> = { '/_next/static/chunks/b.css': 'a::after{content:"</style>"}' };
    const html = page(link('a') + link('b'));
    expect(inlineStylesheets(html, (href) => files[href])).toBe(html);
  });

  test('past the size limit, the next stylesheets stay links', () => {
    const big = 'x'.repeat(maxInlineBytes - 10);
    const out = inlineStylesheets(page(link('a') + link('b')), (href) =>
      href.endsWith('a.css') ? big : 'p{margin:0}',
    );
    expect(out).toContain(`<style data-stylesheet="/_next/static/chunks/a.css">${big}</style>${disabled('a')}`);
    expect(out).toContain(link('b'));
  });

  test('only the head, and only the tag Next writes', () => {
    const other = '<link rel="stylesheet" href="https://example.com/x.css"/>';
    const html = page(other, link('a'));
    expect(inlineStylesheets(html, () => 'h1{}')).toBe(html);
    expect(inlineStylesheets('<p>no head</p>', () => 'h1{}')).toBe('<p>no head</p>');
  });
});
