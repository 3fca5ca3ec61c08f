/** @jest-environment node */
import fr from '@/messages/fr.json';
import en from '@/messages/en.json';
import tn from '@/messages/tn.json';
import ar from '@/messages/ar.json';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf of a message tree, as `path → value`. */
function leaves(value: Json, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`).forEach((x, k) => out.set(k, x)));
  else if (value && typeof value === 'object')
    Object.entries(value).forEach(([k, v]) =>
      leaves(v, path ? `${path}.${k}` : k).forEach((x, key) => out.set(key, x)),
    );
  else out.set(path, String(value));
  return out;
}

const source = leaves(fr as Json);
const others = { en, tn, ar } as Record<string, Json>;
/** ICU arguments and rich-text tags: the same in every language. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)[,}]|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

describe.each(Object.keys(others))('messages/%s.json', (lang) => {
  const target = leaves(others[lang]!);

  it('has every key of fr.json and no other', () => {
    expect([...target.keys()].filter((k) => !source.has(k))).toEqual([]);
    expect([...source.keys()].filter((k) => !target.has(k))).toEqual([]);
  });

  it('has no empty text and the same placeholders as fr.json', () => {
    for (const [key, text] of target) {
      expect(text.trim()).not.toBe('');
      expect({ key, placeholders: placeholders(text) }).toEqual({
        key,
        placeholders: placeholders(source.get(key) ?? ''),
      });
    }
  });

  if (lang === 'tn' || lang === 'ar') {
    it('has no Latin words (Arabic script only, apart from the contact address)', () => {
      const latin = [...target]
        .map(
          ([key, text]) =>
            [
              key,
              text
                .replace(
                  /contact@colibri\.tn|\{\w+(, \w+)?|\b(plural|select|zero|one|two|few|many|other)\b|<\/?\w+>|#/g,
                  '',
                )
                .match(/[A-Za-z]{2,}/g),
            ] as const,
        )
        .filter(([, words]) => words);
      expect(latin).toEqual([]);
    });
  }
});

it('fr.json has no empty text', () => {
  for (const text of source.values()) expect(text.trim()).not.toBe('');
});
