// The comparison form of a name, apart from the gazetteer's data so that a client component (the phone
// step's country search) can fold what is typed the same way without downloading the places.

const LATIN_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Comparison form of a name: case, accents, tashkeel and punctuation removed; Arabic أ إ آ ٱ → ا,
 * ة → ه, ى → ي (and Persian ی ک → ي ك); words separated by single spaces.
 */
export function normalizePlaceName(text: string): string {
  return text
    .normalize('NFKD') // splits accents off letters, and hamza or madda off أ إ آ ؤ ئ
    .toLowerCase()
    .replace(/\p{M}/gu, '') // combining accents, tashkeel
    .replace(/[ßæœøłđðþı]/g, (c) => LATIN_FOLDS[c] ?? c)
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/[ىی]/g, 'ي')
    .replace(/ک/g, 'ك')
    .replace(/[\u0640\u200B-\u200F\u061C\u202A-\u202E]/g, '') // tatweel, bidi marks
    .replace(/['’‘`ʼ]/g, '') // N'Djamena → ndjamena
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
