// How people spell a place beyond its gazetteer names: the forms the places search compares
// (./search.ts), from a name already normalised (./normalize.ts: lower case, no accents, words
// separated by single spaces). Pure functions, no data.

/**
 * One spelling of sounds French, English and Maghreb transliterations write differently: dj → j
 * (Djerba, Jerba), ou → u, q → k (Qairouan, Kairouan), x → ks (Sfax, Sfaks), doubled letters once
 * (Hammamet, Hamamet; Marseille, marseile), and a few more. Arabic letters are left as they are.
 */
export function latinFold(key: string): string {
  return key
    .replace(/dj/g, 'j')
    .replace(/ou/g, 'u')
    .replace(/w/g, 'u')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/y/g, 'i')
    .replace(/kh/g, 'k')
    .replace(/gh/g, 'g')
    .replace(/sh/g, 'ch')
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/c(?=[ei])/g, 's')
    .replace(/c(?!h)/g, 'k')
    .replace(/(\p{L})\1+/gu, '$1');
}

// The consonants of both scripts on one alphabet: Arabic writes few vowels, and transliterations
// disagree on them. g and j are one (ج is "j" in Tunisia, "g" in Egypt; Bgayet is بجاية), p is b
// and v is f (Arabic has neither), ش and ch are C. Long vowels, hamza and ع are left out.
const ARABIC_CONSONANTS: Record<string, string> = {
  ب: 'b',
  ت: 't',
  ث: 't',
  ج: 'j',
  ح: 'h',
  خ: 'k',
  د: 'd',
  ذ: 'd',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'C',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'd',
  غ: 'j',
  ف: 'f',
  ق: 'k',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ڨ: 'j',
  گ: 'j',
  پ: 'b',
  ڤ: 'f',
  چ: 'C',
};

/** A skeleton shorter than this says too little to compare. */
export const skeletonMinLength = 3;

const collapse = (text: string) => text.replace(/(.)\1+/g, '$1');

function latinSkeleton(folded: string): string {
  return collapse(
    folded
      .replace(/ch/g, 'C')
      .replace(/[aeiouyw]/g, '')
      .replace(/g/g, 'j')
      .replace(/v/g, 'f')
      .replace(/p/g, 'b')
      .replace(/[^a-zC0-9]/g, ''),
  );
}

function arabicWordSkeleton(word: string, last: boolean): string[] {
  const letters = [...word].map((c) => ARABIC_CONSONANTS[c] ?? (/\p{N}/u.test(c) ? c : ''));
  // A final ة (ه once normalised) is said "a", or "t" when a word follows: Bgayet is بجاية.
  if (word.endsWith('ه')) {
    const bare = letters.slice(0, -1).join('');
    return last ? [bare, `${bare}t`] : [bare];
  }
  return [letters.join('')];
}

function arabicSkeletons(key: string): string[] {
  const words = key.split(' ');
  let variants = [''];
  words.forEach((word, i) => {
    const last = i === words.length - 1;
    // The article ال: written in Arabic, left out by most transliterations (القيروان, Kairouan).
    const forms = /^ال\p{L}{2}/u.test(word) ? [word, word.slice(2)] : [word];
    const skeletons = forms.flatMap((form) => arabicWordSkeleton(form, last));
    variants = variants.flatMap((v) => skeletons.map((s) => v + s));
  });
  return variants.map(collapse);
}

const LATIN_ARTICLES = new Set(['el', 'al', 'la', 'le', 'les', 'l']);

/**
 * The consonant skeletons of a name, comparable across scripts and transliterations: Binzart and
 * بنزرت are both "bnzrt", Bizerte's Arabic name; Sfaks, Sfax and صفاقس are "sfks". Several per name:
 * with and without its article (La Marsa, المرسى), a final ة said or not. Those shorter than
 * `skeletonMinLength` are left out.
 */
export function skeletons(key: string): string[] {
  let found: string[];
  if (/\p{Script=Arabic}/u.test(key)) found = arabicSkeletons(key);
  else {
    const folded = latinFold(key);
    const words = folded.split(' ');
    const bare = words.filter((word, i) => !(LATIN_ARTICLES.has(word) && i < words.length - 1)).join(' ');
    // "Elmarsa": the article glued to the name.
    const glued = /^(el|al)[^aeiou ]/.test(folded) ? folded.slice(2) : folded;
    found = [folded, bare, glued].map(latinSkeleton);
  }
  return [...new Set(found)].filter((s) => s.length >= skeletonMinLength);
}

/**
 * The edit distance between `query` and the closest start of `target` (insertions, deletions,
 * substitutions and swaps of two neighbours, each 1), or `max + 1` once it is sure to exceed `max`.
 * "marsiel" is 1 from "marseille"'s start "marseil".
 */
export function prefixDistance(query: string, target: string, max: number): number {
  const n = query.length;
  const m = Math.min(target.length, n + max);
  let before = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const row = new Array<number>(m + 1);
    row[0] = i;
    let best = i;
    for (let j = 1; j <= m; j++) {
      const cost = query[i - 1] === target[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && query[i - 1] === target[j - 2] && query[i - 2] === target[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return Math.min(...previous.slice(Math.max(0, n - max)));
}

/** How many letters may be wrong in a query of `length` letters: none under 5, one, two from 8. */
export function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 5 ? 1 : 0;
}
